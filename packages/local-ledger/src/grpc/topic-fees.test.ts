import {
  CustomFeeLimit,
  CustomFixedFee,
  Hbar,
  PrivateKey,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenType,
  TopicCreateTransaction,
  TopicInfoQuery,
  TopicMessageSubmitTransaction,
  TopicUpdateTransaction,
  TransactionId,
  TransactionRecordQuery,
  TransferTransaction,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_FEE_TINYBARS } from '../ledger-accounts';
import type { AssessedFee } from '../custom-fee-types';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import { expectSchema } from '../testing/mirror-openapi';

type MirrorTransaction = {
  result: string;
  assessed_custom_fees: AssessedFee[];
  transfers: { account: string; amount: number }[];
  token_transfers: { token_id: string; account: string; amount: number }[];
};
type MirrorTopic = {
  custom_fees: {
    created_timestamp: string;
    fixed_fees: { amount: number; collector_account_id: string; denominating_token_id: string | null }[];
  };
  fee_exempt_key_list: { key: string }[];
  fee_schedule_key: { key: string } | null;
};

const HBAR = 100_000_000;
const NETWORK_FEE = Number(TRANSACTION_FEE_TINYBARS);

/**
 * Custom fees of topics over gRPC (HIP-991): fixed fees in HBAR or a token that each message's payer
 * pays its collectors, capped by the payer's `max_custom_fees`, waived for fee-exempt keys and the
 * collector; changed by the fee schedule key alone. Balances, records and the mirror agree to the tinybar.
 */
describe.each(ledgerEngineCases)('custom fees of topics on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, execute, mirror } = ledger;
  const account = (hbar = 20) => ledger.newAccount(hbar, PrivateKey.generateECDSA());
  type Holder = Awaited<ReturnType<typeof account>>;
  const { hbarOf, unitsOf } = ledger;
  const hbarFee = (collector: Holder, hbar: number) =>
    new CustomFixedFee().setAmount(hbar * HBAR).setFeeCollectorAccountId(collector.id);
  const capOf = (payer: Holder, amount: number, tokenId?: string) => {
    const fee = new CustomFixedFee().setAmount(amount);
    if (tokenId) fee.setDenominatingTokenId(tokenId);
    return new CustomFeeLimit().setAccountId(payer.id).setFees([fee]);
  };
  async function topicWithFees(fees: CustomFixedFee[], admin: PrivateKey, feeSchedule?: PrivateKey) {
    const create = new TopicCreateTransaction().setAdminKey(admin.publicKey).setCustomFees(fees);
    if (feeSchedule) create.setFeeScheduleKey(feeSchedule.publicKey);
    const response = await execute(create, [admin]);
    return (await response.getReceipt(ledger.client)).topicId!.toString();
  }
  /** A message from `payer`, with its caps: its status and transaction id. */
  async function submit(payer: Holder, topicId: string, caps: CustomFeeLimit[] = []) {
    const transactionId = TransactionId.generate(payer.id);
    const message = new TopicMessageSubmitTransaction()
      .setTransactionId(transactionId)
      .setTopicId(topicId)
      .setMessage('paid for');
    if (caps.length > 0) message.setCustomFeeLimits(caps);
    return { status: await statusOf(message, [], payer.client), transactionId };
  }

  it('charges an HBAR fee to the payer of each message within its cap, and refuses a message over it', async () => {
    const admin = PrivateKey.generateED25519();
    const feeSchedule = PrivateKey.generateED25519();
    const [collector, alice] = await Promise.all([account(1), account(10)]);
    const topicId = await topicWithFees([hbarFee(collector, 1)], admin, feeSchedule);

    const topic = await mirror<MirrorTopic>(`/topics/${topicId}`);
    expectSchema('Topic', topic);
    expect(topic.custom_fees.fixed_fees).toEqual([
      { amount: HBAR, collector_account_id: collector.id, denominating_token_id: null },
    ]);
    expect(topic.fee_schedule_key?.key).toBe(feeSchedule.publicKey.toStringRaw());
    const info = await new TopicInfoQuery().setTopicId(topicId).execute(ledger.client);
    expect(info.feeScheduleKey?.toString()).toBe(feeSchedule.publicKey.toString());
    expect(
      info.customFees?.map((fee) => [fee.amount?.toNumber(), fee.feeCollectorAccountId?.toString()]),
    ).toEqual([[HBAR, collector.id]]);

    const [aliceBefore, collectorBefore] = [await hbarOf(alice.id), await hbarOf(collector.id)];
    const paid = await submit(alice, topicId, [capOf(alice, 2 * HBAR)]);
    expect(paid.status).toBe('SUCCESS');
    expect(await hbarOf(alice.id)).toBe(aliceBefore - HBAR - NETWORK_FEE);
    expect(await hbarOf(collector.id)).toBe(collectorBefore + HBAR);
    const record = await new TransactionRecordQuery()
      .setTransactionId(paid.transactionId)
      .execute(ledger.client);
    expect(
      record.assessedCustomFees.map((fee) => [
        fee.amount?.toNumber(),
        fee.feeCollectorAccountId?.toString(),
        fee.payerAccountIds?.map(String),
      ]),
    ).toEqual([[HBAR, collector.id, [alice.id]]]);
    const {
      transactions: [onMirror],
    } = await mirror<{ transactions: MirrorTransaction[] }>(
      `/transactions/${mirrorIdOf(paid.transactionId)}`,
    );
    expect(onMirror!.assessed_custom_fees).toEqual([
      {
        amount: HBAR,
        collector_account_id: collector.id,
        effective_payer_account_ids: [alice.id],
        token_id: null,
      },
    ]);
    expect(onMirror!.transfers).toEqual(
      expect.arrayContaining([
        { account: alice.id, amount: -(HBAR + NETWORK_FEE), is_approval: false },
        { account: collector.id, amount: HBAR, is_approval: false },
      ]),
    );

    // A cap below the fee, or none in HBAR: refused, only the network fee paid, no message taken.
    const over = await submit(alice, topicId, [capOf(alice, HBAR / 2)]);
    expect(over.status).toBe('MAX_CUSTOM_FEE_LIMIT_EXCEEDED');
    const tokenOnly = await submit(alice, topicId, [capOf(alice, 5, '0.0.1')]);
    expect(tokenOnly.status).toBe('NO_VALID_MAX_CUSTOM_FEE');
    expect(await hbarOf(alice.id)).toBe(aliceBefore - HBAR - 3 * NETWORK_FEE);
    expect(await hbarOf(collector.id)).toBe(collectorBefore + HBAR);
    const { messages } = await mirror<{ messages: unknown[] }>(`/topics/${topicId}/messages`);
    expect(messages).toHaveLength(1);
  });

  it('takes a fee in a token set by the fee schedule key alone; exempt keys and the collector pay none', async () => {
    const admin = PrivateKey.generateED25519();
    const feeSchedule = PrivateKey.generateED25519();
    const [collector, alice, bob] = await Promise.all([account(5), account(5), account(5)]);
    const tokenId = (
      await (
        await execute(
          new TokenCreateTransaction()
            .setTokenName('Topic fee')
            .setTokenSymbol('TPF')
            .setInitialSupply(100)
            .setTreasuryAccountId(collector.id),
          [collector.key],
        )
      ).getReceipt(ledger.client)
    ).tokenId!.toString();
    expect(
      await statusOf(new TokenAssociateTransaction().setAccountId(alice.id).setTokenIds([tokenId]), [
        alice.key,
      ]),
    ).toBe('SUCCESS');
    expect(
      await statusOf(
        new TransferTransaction()
          .addTokenTransfer(tokenId, collector.id, -5)
          .addTokenTransfer(tokenId, alice.id, 5),
        [collector.key],
      ),
    ).toBe('SUCCESS');
    const topicId = await topicWithFees([hbarFee(collector, 1)], admin, feeSchedule);
    const tokenFee = new CustomFixedFee()
      .setAmount(1)
      .setDenominatingTokenId(tokenId)
      .setFeeCollectorAccountId(collector.id);

    // The admin key is not needed for the fees, and the admin key alone cannot change them.
    const update = () => new TopicUpdateTransaction().setTopicId(topicId).setCustomFees([tokenFee]);
    expect(await statusOf(update(), [admin])).toBe('INVALID_SIGNATURE');
    expect(await statusOf(update(), [feeSchedule])).toBe('SUCCESS');
    const topic = await mirror<MirrorTopic>(`/topics/${topicId}`);
    expect(topic.custom_fees.fixed_fees).toEqual([
      { amount: 1, collector_account_id: collector.id, denominating_token_id: tokenId },
    ]);

    const aliceHbar = await hbarOf(alice.id);
    const paid = await submit(alice, topicId);
    expect(paid.status).toBe('SUCCESS');
    expect(await unitsOf(alice.id, tokenId)).toBe(4);
    expect(await unitsOf(collector.id, tokenId)).toBe(96);
    expect(await hbarOf(alice.id)).toBe(aliceHbar - NETWORK_FEE);
    const {
      transactions: [onMirror],
    } = await mirror<{ transactions: MirrorTransaction[] }>(
      `/transactions/${mirrorIdOf(paid.transactionId)}`,
    );
    expect(onMirror!.token_transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ token_id: tokenId, account: alice.id, amount: -1 }),
        expect.objectContaining({ token_id: tokenId, account: collector.id, amount: 1 }),
      ]),
    );

    // Bob holds none of the token: refused, until his key is exempt.
    expect((await submit(bob, topicId)).status).toBe('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT');
    expect(
      await statusOf(new TopicUpdateTransaction().setTopicId(topicId).addFeeExemptKey(bob.key.publicKey), [
        admin,
      ]),
    ).toBe('SUCCESS');
    expect(
      (await mirror<MirrorTopic>(`/topics/${topicId}`)).fee_exempt_key_list.map((key) => key.key),
    ).toEqual([bob.key.publicKey.toStringRaw()]);
    const bobHbar = await hbarOf(bob.id);
    expect((await submit(bob, topicId)).status).toBe('SUCCESS');
    expect(await hbarOf(bob.id)).toBe(bobHbar - NETWORK_FEE);
    // The collector pays no fee to itself.
    expect((await submit(collector, topicId)).status).toBe('SUCCESS');
    expect(await unitsOf(collector.id, tokenId)).toBe(96);
    const { messages } = await mirror<{ messages: unknown[] }>(`/topics/${topicId}/messages`);
    expect(messages).toHaveLength(3);
  });

  it('refuses fees a topic cannot take, changes without the keys for them, and caps where they have no place', async () => {
    const admin = PrivateKey.generateED25519();
    const [collector, payer] = await Promise.all([account(1), account(5)]);
    const withoutFeeKey = await topicWithFees([], admin);
    const feeSchedule = PrivateKey.generateED25519();
    expect(
      await statusOf(
        new TopicUpdateTransaction().setTopicId(withoutFeeKey).setCustomFees([hbarFee(collector, 1)]),
        [admin],
      ),
    ).toBe('FEE_SCHEDULE_KEY_NOT_SET');
    expect(
      await statusOf(
        new TopicUpdateTransaction().setTopicId(withoutFeeKey).setFeeScheduleKey(feeSchedule.publicKey),
        [admin],
      ),
    ).toBe('FEE_SCHEDULE_KEY_CANNOT_BE_UPDATED');

    const create = (configure: (create: TopicCreateTransaction) => TopicCreateTransaction) =>
      statusOf(configure(new TopicCreateTransaction().setAdminKey(admin.publicKey)), [admin]);
    expect(
      await create((topic) => topic.setCustomFees(Array.from({ length: 11 }, () => hbarFee(collector, 1)))),
    ).toBe('CUSTOM_FEES_LIST_TOO_LONG');
    expect(
      await create((topic) =>
        topic.setCustomFees([new CustomFixedFee().setAmount(1).setFeeCollectorAccountId('0.0.987654')]),
      ),
    ).toBe('INVALID_CUSTOM_FEE_COLLECTOR');
    expect(
      await create((topic) => topic.setFeeExemptKeys([collector.key.publicKey, collector.key.publicKey])),
    ).toBe('FEE_EXEMPT_KEY_LIST_CONTAINS_DUPLICATED_KEYS');
    const art = (
      await (
        await execute(
          new TokenCreateTransaction()
            .setTokenName('Art')
            .setTokenSymbol('ART')
            .setTokenType(TokenType.NonFungibleUnique)
            .setTreasuryAccountId(collector.id)
            .setSupplyKey(collector.key.publicKey),
          [collector.key],
        )
      ).getReceipt(ledger.client)
    ).tokenId!.toString();
    const coin = (
      await (
        await execute(
          new TokenCreateTransaction()
            .setTokenName('Coin')
            .setTokenSymbol('CN')
            .setInitialSupply(10)
            .setTreasuryAccountId(payer.id),
          [payer.key],
        )
      ).getReceipt(ledger.client)
    ).tokenId!.toString();
    const unitsFee = (tokenId: string) =>
      new CustomFixedFee()
        .setAmount(1)
        .setDenominatingTokenId(tokenId)
        .setFeeCollectorAccountId(collector.id);
    expect(await create((topic) => topic.setCustomFees([unitsFee(art)]))).toBe(
      'CUSTOM_FEE_DENOMINATION_MUST_BE_FUNGIBLE_COMMON',
    );
    expect(await create((topic) => topic.setCustomFees([unitsFee(coin)]))).toBe(
      'TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR',
    );

    // Only a topic's messages take a cap on custom fees: other transactions are refused at precheck.
    const transfer = new TransferTransaction()
      .addHbarTransfer(payer.id, Hbar.fromTinybars(-1))
      .addHbarTransfer(collector.id, Hbar.fromTinybars(1));
    // The SDK sets the body's `max_custom_fees` on any transaction, with a setter on topic messages only.
    (transfer as unknown as { _customFeeLimits: CustomFeeLimit[] })._customFeeLimits = [capOf(payer, 1)];
    expect(await statusOf(transfer, [], payer.client)).toBe('MAX_CUSTOM_FEES_IS_NOT_SUPPORTED');
  });
});
