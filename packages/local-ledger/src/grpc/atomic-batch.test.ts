import {
  AccountBalanceQuery,
  AccountCreateTransaction,
  BatchTransaction,
  Client,
  Hbar,
  PrivateKey,
  TransactionReceiptQuery,
  TransferTransaction,
  type AccountId,
  type TransactionId,
} from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import { ledgerForSuite, mirrorIdOf } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';

type MirrorTransaction = {
  name: string;
  result: string;
  consensus_timestamp: string;
  parent_consensus_timestamp: string | null;
  charged_tx_fee: number;
  transfers: Array<{ account: string; amount: number }>;
};

const FEE = 100_000;

/**
 * Atomic batches over gRPC (HIP-551): inner transactions signed by their own payers run in order inside
 * a batch signed by each of their batch keys; one that fails undoes them all, though each that ran
 * keeps its record and pays its fee, as the receipts, balances and the mirror show to the tinybar.
 */
describe.each(ledgerEngineCases)('atomic batches on $engine', ({ open }) => {
  const ledger = ledgerForSuite(open);
  const { mirror } = ledger;

  /** A new account holding `hbar`, with a client of its own that pays as it. */
  async function holder(hbar: number) {
    const key = PrivateKey.generateECDSA();
    const id = (
      await (
        await new AccountCreateTransaction()
          .setKeyWithoutAlias(key.publicKey)
          .setInitialBalance(new Hbar(hbar))
          .execute(ledger.client)
      ).getReceipt(ledger.client)
    ).accountId!;
    const client = Client.forNetwork(ledger.client.network).setOperator(id, key);
    return { id, key, client };
  }
  const tinybarsOf = async (id: AccountId | string) =>
    (await new AccountBalanceQuery().setAccountId(id).execute(ledger.client)).hbars.toTinybars().toNumber();
  /** A transfer from `from` to the genesis account, made an inner transaction of a batch with `batchKey`. */
  const innerTransfer = (from: Awaited<ReturnType<typeof holder>>, tinybars: number, batchKey: PrivateKey) =>
    new TransferTransaction()
      .addHbarTransfer(from.id, Hbar.fromTinybars(-tinybars))
      .addHbarTransfer(GENESIS_ACCOUNT, Hbar.fromTinybars(tinybars))
      .batchify(from.client, batchKey);
  const statusOfId = async (id: TransactionId) =>
    (
      await new TransactionReceiptQuery().setTransactionId(id).setValidateStatus(false).execute(ledger.client)
    ).status.toString();
  const mirrorOf = async (id: TransactionId) =>
    (await mirror<{ transactions: MirrorTransaction[] }>(`/transactions/${mirrorIdOf(id)}`)).transactions[0]!;

  it('runs its inner transactions in order, each paid by its own payer, just after the batch', async () => {
    const [alice, bob] = [await holder(2), await holder(2)];
    const [aliceBatchKey, bobBatchKey] = [PrivateKey.generateECDSA(), PrivateKey.generateECDSA()];
    const first = await innerTransfer(alice, 30_000_000, aliceBatchKey);
    const second = await innerTransfer(bob, 40_000_000, bobBatchKey);
    const genesisBefore = await tinybarsOf(GENESIS_ACCOUNT);
    const batch = await (
      await new BatchTransaction()
        .addInnerTransaction(first)
        .addInnerTransaction(second)
        .freezeWith(ledger.client)
        .sign(aliceBatchKey)
    ).sign(bobBatchKey);
    const response = await batch.execute(ledger.client);
    expect((await response.getReceipt(ledger.client)).status.toString()).toBe('SUCCESS');

    expect(await statusOfId(first.transactionId!)).toBe('SUCCESS');
    expect(await statusOfId(second.transactionId!)).toBe('SUCCESS');
    expect(await tinybarsOf(alice.id)).toBe(200_000_000 - 30_000_000 - FEE);
    expect(await tinybarsOf(bob.id)).toBe(200_000_000 - 40_000_000 - FEE);
    // The batch's payer (genesis) paid its own fee and received both transfers.
    expect(await tinybarsOf(GENESIS_ACCOUNT)).toBe(genesisBefore + 70_000_000 - FEE);

    const outer = await mirrorOf(response.transactionId);
    const [aliceOnMirror, bobOnMirror] = [
      await mirrorOf(first.transactionId!),
      await mirrorOf(second.transactionId!),
    ];
    expect(outer).toMatchObject({ name: 'ATOMICBATCH', result: 'SUCCESS', charged_tx_fee: FEE });
    for (const inner of [aliceOnMirror, bobOnMirror]) {
      expect(inner).toMatchObject({ name: 'CRYPTOTRANSFER', result: 'SUCCESS', charged_tx_fee: FEE });
      expect(inner.parent_consensus_timestamp).toBe(outer.consensus_timestamp);
    }
    expect(outer.consensus_timestamp < aliceOnMirror.consensus_timestamp).toBe(true);
    expect(aliceOnMirror.consensus_timestamp < bobOnMirror.consensus_timestamp).toBe(true);
    expect(aliceOnMirror.transfers).toContainEqual({
      account: alice.id.toString(),
      amount: -30_000_000 - FEE,
      is_approval: false,
    });

    // Once run, an inner transaction is not taken again.
    const again = await new BatchTransaction()
      .addInnerTransaction(first)
      .freezeWith(ledger.client)
      .sign(aliceBatchKey);
    const refused = await again.execute(ledger.client);
    await expect(refused.getReceipt(ledger.client)).rejects.toThrow(/DUPLICATE_TRANSACTION/);
    for (const each of [alice, bob]) each.client.close();
  });

  it('undoes every inner transaction when one fails; those that ran keep their records and fees', async () => {
    const [alice, bob] = [await holder(2), await holder(1)];
    const batchKey = PrivateKey.generateECDSA();
    const paid = await innerTransfer(alice, 50_000_000, batchKey);
    // More than Bob holds.
    const overdrawn = await innerTransfer(bob, 150_000_000, batchKey);
    const batch = await new BatchTransaction()
      .addInnerTransaction(paid)
      .addInnerTransaction(overdrawn)
      .freezeWith(ledger.client)
      .sign(batchKey);
    const response = await batch.execute(ledger.client);
    await expect(response.getReceipt(ledger.client)).rejects.toThrow(/INNER_TRANSACTION_FAILED/);

    expect(await statusOfId(paid.transactionId!)).toBe('REVERTED_SUCCESS');
    // Bob pays for it too: the payer's own balance falls short.
    expect(await statusOfId(overdrawn.transactionId!)).toBe('INSUFFICIENT_PAYER_BALANCE');
    // Nothing moved but the fees.
    expect(await tinybarsOf(alice.id)).toBe(200_000_000 - FEE);
    expect(await tinybarsOf(bob.id)).toBe(100_000_000 - FEE);
    const paidOnMirror = await mirrorOf(paid.transactionId!);
    expect(paidOnMirror).toMatchObject({ result: 'REVERTED_SUCCESS', charged_tx_fee: FEE });
    expect(paidOnMirror.transfers).toEqual([
      { account: '0.0.98', amount: FEE, is_approval: false },
      { account: alice.id.toString(), amount: -FEE, is_approval: false },
    ]);
    expect((await mirrorOf(response.transactionId)).result).toBe('INNER_TRANSACTION_FAILED');
    for (const each of [alice, bob]) each.client.close();
  });

  it('runs nothing unless every batch key signed the batch', async () => {
    const alice = await holder(2);
    const batchKey = PrivateKey.generateECDSA();
    const inner = await innerTransfer(alice, 10_000_000, batchKey);
    // Signed by the batch's payer only.
    const unsigned = new BatchTransaction().addInnerTransaction(inner).freezeWith(ledger.client);
    const response = await unsigned.execute(ledger.client);
    await expect(response.getReceipt(ledger.client)).rejects.toThrow(/INVALID_SIGNATURE/);
    // The inner transaction never ran: the mirror has no record of it.
    const answer = await ledger.server.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/transactions/${mirrorIdOf(inner.transactionId!)}`,
    });
    expect(answer.statusCode).toBe(404);
    expect(await tinybarsOf(alice.id)).toBe(200_000_000);
    alice.client.close();
  });
});
