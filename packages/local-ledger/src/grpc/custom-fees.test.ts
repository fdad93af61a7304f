import {
  AccountId,
  CustomFixedFee,
  CustomFractionalFee,
  CustomRoyaltyFee,
  FeeAssessmentMethod,
  Hbar,
  PrivateKey,
  TokenAssociateTransaction,
  TokenCreateTransaction,
  TokenFeeScheduleUpdateTransaction,
  TokenInfoQuery,
  TokenMintTransaction,
  TokenType,
  TransactionRecordQuery,
  TransferTransaction,
  type CustomFee,
  type TransactionId,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import type { AssessedFee } from '../custom-fee-types';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

type MirrorTransaction = { result: string; assessed_custom_fees: AssessedFee[] };

const HBAR = 100_000_000;

/**
 * Custom fees of tokens over gRPC (HIP-18, HIP-573): royalties on NFT sales with a fallback fee the
 * receiver pays when nothing fungible is given for it, fractional fees out of what receivers get (or on
 * top of what senders send), fixed fees in HBAR; the treasury and collectors exempt, as the balances,
 * the record's assessed fees and the mirror show to the tinybar.
 */
describe.each(ledgerEngineCases)('custom fees on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { statusOf, execute, mirror } = ledger;

  const account = (hbar = 50) => ledger.newAccount(hbar);
  type Holder = Awaited<ReturnType<typeof account>>;
  const { hbarOf, unitsOf } = ledger;
  const associate = async (holder: Holder, tokenId: string) =>
    expect(
      await statusOf(new TokenAssociateTransaction().setAccountId(holder.id).setTokenIds([tokenId]), [
        holder.key,
      ]),
    ).toBe('SUCCESS');
  async function tokenIdOf(treasury: Holder, fees: CustomFee[], type = TokenType.FungibleCommon) {
    const create = new TokenCreateTransaction()
      .setTokenName('Fees')
      .setTokenSymbol('FEE')
      .setTokenType(type)
      .setTreasuryAccountId(treasury.id)
      .setCustomFees(fees);
    if (type === TokenType.FungibleCommon) create.setInitialSupply(1_000_000);
    else create.setSupplyKey(treasury.key.publicKey);
    const response = await execute(create, [treasury.key]);
    return (await response.getReceipt(ledger.client)).tokenId!.toString();
  }
  /** The fees a transfer paid, on the mirror and in its record, which must agree. */
  async function assessedOf({ transactionId: id }: { transactionId: TransactionId }) {
    const { transactions } = await mirror<{ transactions: MirrorTransaction[] }>(
      `/transactions/${mirrorIdOf(id)}`,
    );
    const record = await new TransactionRecordQuery().setTransactionId(id).execute(ledger.client);
    expect(
      record.assessedCustomFees.map((fee) => ({
        amount: fee.amount!.toNumber(),
        collector_account_id: fee.feeCollectorAccountId!.toString(),
        effective_payer_account_ids: fee.payerAccountIds!.map(String),
        token_id: fee.tokenId?.toString() ?? null,
      })),
    ).toEqual(transactions[0]!.assessed_custom_fees);
    return transactions[0]!.assessed_custom_fees;
  }

  it('takes a royalty out of what an NFT sold for, and a fallback fee from its receiver when nothing was paid', async () => {
    const treasury = await account();
    const collector = await account();
    const alice = await account();
    const bob = await account();
    const carol = await account();
    const royalty = new CustomRoyaltyFee()
      .setNumerator(1)
      .setDenominator(4)
      .setFeeCollectorAccountId(collector.id)
      .setFallbackFee(new CustomFixedFee().setHbarAmount(new Hbar(2)));
    const tokenId = await tokenIdOf(treasury, [royalty], TokenType.NonFungibleUnique);
    expect(
      await statusOf(
        new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from('a'), Buffer.from('b')]),
        [treasury.key],
      ),
    ).toBe('SUCCESS');
    for (const holder of [alice, bob, carol]) await associate(holder, tokenId);

    // From the treasury: exempt, nothing assessed.
    const fromTreasury = await execute(
      new TransferTransaction().addNftTransfer(tokenId, 1, treasury.id, alice.id),
      [treasury.key],
    );
    await fromTreasury.getReceipt(ledger.client);
    expect(await assessedOf(fromTreasury)).toEqual([]);

    // Bob pays Alice 4 HBAR for it: a quarter goes to the collector, from what Alice got.
    const [aliceBefore, collectorBefore] = [await hbarOf(alice.id), await hbarOf(collector.id)];
    const sale = await execute(
      new TransferTransaction()
        .addNftTransfer(tokenId, 1, alice.id, bob.id)
        .addHbarTransfer(bob.id, new Hbar(-4))
        .addHbarTransfer(alice.id, new Hbar(4)),
      [alice.key, bob.key],
    );
    expect((await sale.getReceipt(ledger.client)).status.toString()).toBe('SUCCESS');
    expect(await assessedOf(sale)).toEqual([
      {
        amount: HBAR,
        collector_account_id: collector.id,
        effective_payer_account_ids: [alice.id],
        token_id: null,
      },
    ]);
    expect(await hbarOf(alice.id)).toBe(aliceBefore + 3 * HBAR);
    expect(await hbarOf(collector.id)).toBe(collectorBefore + HBAR);

    // Given away: the receiver pays the fallback fee, and so must sign.
    const gift = new TransferTransaction().addNftTransfer(tokenId, 1, bob.id, carol.id);
    expect(await statusOf(gift, [bob.key])).toBe('INVALID_SIGNATURE');
    const carolBefore = await hbarOf(carol.id);
    const signedGift = await execute(new TransferTransaction().addNftTransfer(tokenId, 1, bob.id, carol.id), [
      bob.key,
      carol.key,
    ]);
    expect((await signedGift.getReceipt(ledger.client)).status.toString()).toBe('SUCCESS');
    expect(await assessedOf(signedGift)).toEqual([
      {
        amount: 2 * HBAR,
        collector_account_id: collector.id,
        effective_payer_account_ids: [carol.id],
        token_id: null,
      },
    ]);
    expect(await hbarOf(carol.id)).toBe(carolBefore - 2 * HBAR);
    expect((await mirror<{ balance: { balance: number } }>(`/accounts/${carol.id}`)).balance.balance).toBe(
      carolBefore - 2 * HBAR,
    );

    // The token shows its fee on the info query and the mirror.
    const info = await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client);
    const [fee] = info.customFees as CustomRoyaltyFee[];
    expect([
      fee!.numerator!.toNumber(),
      fee!.denominator!.toNumber(),
      fee!.feeCollectorAccountId!.toString(),
    ]).toEqual([1, 4, collector.id]);
    const onMirror = await mirror<{ custom_fees: { royalty_fees: object[] } }>(`/tokens/${tokenId}`);
    expect(onMirror.custom_fees.royalty_fees).toEqual([
      {
        all_collectors_are_exempt: false,
        amount: { numerator: 1, denominator: 4 },
        collector_account_id: collector.id,
        fallback_fee: { amount: 2 * HBAR, denominating_token_id: null },
      },
    ]);
  });

  it('takes fractional fees out of what receivers get, or on top of what senders send; collectors exempt when it says so', async () => {
    const treasury = await account();
    const inclusive = await account();
    const exclusive = await account();
    const alice = await account();
    const bob = await account();
    const fees = [
      // 10 % of what is sent, at least 1 and at most 50 units, out of the receivers' share.
      new CustomFractionalFee()
        .setNumerator(1)
        .setDenominator(10)
        .setMin(1)
        .setMax(50)
        .setFeeCollectorAccountId(inclusive.id)
        .setAllCollectorsAreExempt(true),
      // 2 % on top, paid by the sender.
      new CustomFractionalFee()
        .setNumerator(2)
        .setDenominator(100)
        .setAssessmentMethod(FeeAssessmentMethod.Exclusive)
        .setFeeCollectorAccountId(exclusive.id)
        .setAllCollectorsAreExempt(true),
    ];
    const tokenId = await tokenIdOf(treasury, fees);
    // The collectors hold the token from its creation.
    expect(await unitsOf(inclusive.id, tokenId)).toBe(0);
    expect((await mirror<{ tokens: object[] }>(`/accounts/${exclusive.id}/tokens`)).tokens.length).toBe(1);
    for (const holder of [alice, bob]) await associate(holder, tokenId);
    const fund = await execute(
      new TransferTransaction()
        .addTokenTransfer(tokenId, treasury.id, -1000)
        .addTokenTransfer(tokenId, alice.id, 1000),
      [treasury.key],
    );
    await fund.getReceipt(ledger.client);
    expect(await assessedOf(fund)).toEqual([]);

    const sent = await execute(
      new TransferTransaction()
        .addTokenTransfer(tokenId, alice.id, -200)
        .addTokenTransfer(tokenId, bob.id, 200),
      [alice.key],
    );
    expect((await sent.getReceipt(ledger.client)).status.toString()).toBe('SUCCESS');
    // 10 % of 200 is 20 (within 1–50), from Bob's 200; 2 % of 200 is 4, on top of Alice's 200.
    expect(await unitsOf(alice.id, tokenId)).toBe(1000 - 200 - 4);
    expect(await unitsOf(bob.id, tokenId)).toBe(180);
    expect(await unitsOf(inclusive.id, tokenId)).toBe(20);
    expect(await unitsOf(exclusive.id, tokenId)).toBe(4);
    expect(await assessedOf(sent)).toEqual([
      {
        amount: 20,
        collector_account_id: inclusive.id,
        effective_payer_account_ids: [bob.id],
        token_id: tokenId,
      },
      {
        amount: 4,
        collector_account_id: exclusive.id,
        effective_payer_account_ids: [alice.id],
        token_id: tokenId,
      },
    ]);

    // A collector of any of its fees pays none of them.
    const fromCollector = await execute(
      new TransferTransaction()
        .addTokenTransfer(tokenId, inclusive.id, -20)
        .addTokenTransfer(tokenId, bob.id, 20),
      [inclusive.key],
    );
    await fromCollector.getReceipt(ledger.client);
    expect(await assessedOf(fromCollector)).toEqual([]);
    expect(await unitsOf(bob.id, tokenId)).toBe(200);
  });

  it('charges a fixed HBAR fee to each sender, and refuses fees a token cannot have', async () => {
    const treasury = await account();
    const collector = await account();
    const alice = await account();
    const bob = await account();
    const fixed = new CustomFixedFee()
      .setHbarAmount(Hbar.fromTinybars(5000))
      .setFeeCollectorAccountId(collector.id);
    const tokenId = await tokenIdOf(treasury, [fixed]);
    for (const holder of [alice, bob]) await associate(holder, tokenId);
    await (
      await execute(
        new TransferTransaction()
          .addTokenTransfer(tokenId, treasury.id, -10)
          .addTokenTransfer(tokenId, alice.id, 10),
        [treasury.key],
      )
    ).getReceipt(ledger.client);
    const aliceBefore = await hbarOf(alice.id);
    const sent = await execute(
      new TransferTransaction()
        .addTokenTransfer(tokenId, alice.id, -10)
        .addTokenTransfer(tokenId, bob.id, 10),
      [alice.key],
    );
    await sent.getReceipt(ledger.client);
    expect(await assessedOf(sent)).toEqual([
      {
        amount: 5000,
        collector_account_id: collector.id,
        effective_payer_account_ids: [alice.id],
        token_id: null,
      },
    ]);
    // The operator paid the transaction's fee; Alice only the custom fee.
    expect(await hbarOf(alice.id)).toBe(aliceBefore - 5000);

    const royaltyOnUnits = new CustomRoyaltyFee()
      .setNumerator(1)
      .setDenominator(2)
      .setFeeCollectorAccountId(collector.id);
    expect(
      await statusOf(
        new TokenCreateTransaction()
          .setTokenName('R')
          .setTokenSymbol('R')
          .setTreasuryAccountId(treasury.id)
          .setCustomFees([royaltyOnUnits]),
        [treasury.key],
      ),
    ).toBe('CUSTOM_ROYALTY_FEE_ONLY_ALLOWED_FOR_NON_FUNGIBLE_UNIQUE');
    const fractionOfNfts = new CustomFractionalFee()
      .setNumerator(1)
      .setDenominator(2)
      .setFeeCollectorAccountId(collector.id);
    expect(
      await statusOf(
        new TokenCreateTransaction()
          .setTokenName('N')
          .setTokenSymbol('N')
          .setTokenType(TokenType.NonFungibleUnique)
          .setSupplyKey(treasury.key.publicKey)
          .setTreasuryAccountId(treasury.id)
          .setCustomFees([fractionOfNfts]),
        [treasury.key],
      ),
    ).toBe('CUSTOM_FRACTIONAL_FEE_ONLY_ALLOWED_FOR_FUNGIBLE_COMMON');
    const nobody = new CustomFixedFee()
      .setHbarAmount(new Hbar(1))
      .setFeeCollectorAccountId(new AccountId(987_654));
    expect(
      await statusOf(
        new TokenCreateTransaction()
          .setTokenName('C')
          .setTokenSymbol('C')
          .setTreasuryAccountId(treasury.id)
          .setCustomFees([nobody]),
        [treasury.key],
      ),
    ).toBe('INVALID_CUSTOM_FEE_COLLECTOR');
    // A fee in another token's units needs its collector associated with that token.
    const inUnits = new CustomFixedFee()
      .setAmount(1)
      .setDenominatingTokenId(tokenId)
      .setFeeCollectorAccountId(collector.id);
    expect(
      await statusOf(
        new TokenCreateTransaction()
          .setTokenName('U')
          .setTokenSymbol('U')
          .setTreasuryAccountId(treasury.id)
          .setCustomFees([inUnits]),
        [treasury.key],
      ),
    ).toBe('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
  });

  it("replaces a token's fees with its fee schedule key alone, and transfers pay the new ones at once", async () => {
    const treasury = await account();
    const [alice, bob, collector] = [await account(), await account(), await account()];
    const feeSchedule = PrivateKey.generateED25519();
    const create = new TokenCreateTransaction()
      .setTokenName('Later fees')
      .setTokenSymbol('LF')
      .setInitialSupply(1_000)
      .setTreasuryAccountId(treasury.id)
      .setFeeScheduleKey(feeSchedule.publicKey);
    const tokenId = (
      await (await execute(create, [treasury.key])).getReceipt(ledger.client)
    ).tokenId!.toString();
    for (const holder of [alice, bob]) await associate(holder, tokenId);
    const give = (from: Holder, to: Holder, units: number) =>
      execute(
        new TransferTransaction()
          .addTokenTransfer(tokenId, from.id, -units)
          .addTokenTransfer(tokenId, to.id, units),
        [from.key],
      );
    await (await give(treasury, alice, 100)).getReceipt(ledger.client);
    // Without fees yet: Alice's transfer pays none.
    const before = await give(alice, bob, 10);
    await before.getReceipt(ledger.client);
    expect(await assessedOf(before)).toEqual([]);

    const update = (fees: CustomFee[]) =>
      new TokenFeeScheduleUpdateTransaction().setTokenId(tokenId).setCustomFees(fees);
    const hbarFee = new CustomFixedFee().setHbarAmount(new Hbar(1)).setFeeCollectorAccountId(collector.id);
    expect(await statusOf(update([hbarFee]), [treasury.key])).toBe('INVALID_SIGNATURE');
    // A fractional fee's collector must already hold the token.
    const share = new CustomFractionalFee()
      .setNumerator(1)
      .setDenominator(10)
      .setFeeCollectorAccountId(collector.id);
    expect(await statusOf(update([share]), [feeSchedule])).toBe('TOKEN_NOT_ASSOCIATED_TO_FEE_COLLECTOR');
    const updated = await execute(update([hbarFee]), [feeSchedule]);
    const { status } = await updated.getReceipt(ledger.client);
    expect(status.toString()).toBe('SUCCESS');
    const updatedAt = (
      await new TransactionRecordQuery().setTransactionId(updated.transactionId).execute(ledger.client)
    ).consensusTimestamp.toString();
    expect(await mirror(`/tokens/${tokenId}`)).toMatchObject({
      custom_fees: {
        created_timestamp: updatedAt,
        fixed_fees: [{ amount: HBAR, collector_account_id: collector.id, denominating_token_id: null }],
      },
    });
    const info = await new TokenInfoQuery().setTokenId(tokenId).execute(ledger.client);
    expect(info.customFees.map((fee) => fee.feeCollectorAccountId?.toString())).toEqual([collector.id]);

    const [aliceBefore, collectorBefore] = [await hbarOf(alice.id), await hbarOf(collector.id)];
    const after = await give(alice, bob, 10);
    await after.getReceipt(ledger.client);
    expect(await assessedOf(after)).toEqual([
      {
        amount: HBAR,
        collector_account_id: collector.id,
        effective_payer_account_ids: [alice.id],
        token_id: null,
      },
    ]);
    expect(await hbarOf(collector.id)).toBe(collectorBefore + HBAR);
    expect(await hbarOf(alice.id)).toBeLessThanOrEqual(aliceBefore - HBAR);

    // Cleared, and cleared again: the second time there is nothing to clear.
    expect(await statusOf(update([]), [feeSchedule])).toBe('SUCCESS');
    expect(await statusOf(update([]), [feeSchedule])).toBe('CUSTOM_SCHEDULE_ALREADY_HAS_NO_FEES');
    const withoutKey = await tokenIdOf(treasury, []);
    expect(
      await statusOf(
        new TokenFeeScheduleUpdateTransaction().setTokenId(withoutKey).setCustomFees([hbarFee]),
        [treasury.key],
      ),
    ).toBe('TOKEN_HAS_NO_FEE_SCHEDULE_KEY');
  });
});
