import { BatchTransaction, Transaction } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { toMirrorTransactionId } from '@registry/contracts/hedera-ids';
import { keySatisfied } from './ledger-keys';
import { fail, Outcome } from './ledger-state';
import type { Prechecked, RanInner } from './transaction-record';

// Atomic batches (HIP-551): inner transactions, each signed by its own payer and naming a batch key,
// run in order inside one batch signed by every batch key; one that fails undoes them all.

/** At most this many inner transactions in a batch, as on Hedera. */
export const MAX_INNER_TRANSACTIONS = 50;
/** The node account inner transactions name: they reach a node only inside their batch. */
const INNER_NODE_ACCOUNT = '0.0.0';

/** A batch's inner transactions, each as a transaction submitted alone would be, before it runs. */
export function innerTransactionsOf(batch: BatchTransaction): Prechecked[] {
  if (batch.batchKey) fail('BATCH_KEY_SET_ON_NON_INNER_TRANSACTION');
  // Read back from the batch's body: each is one signed copy, as its payer signed it.
  const inner = batch.innerTransactions as unknown as Array<{
    _signedTransactions: { get(index: number): proto.ISignedTransaction };
  }>;
  if (inner.length === 0) fail('BATCH_LIST_EMPTY');
  if (inner.length > MAX_INNER_TRANSACTIONS) fail('BATCH_SIZE_LIMIT_EXCEEDED');
  const seen = new Set<string>();
  return inner.map((each) => {
    const signedTransactionBytes = proto.SignedTransaction.encode(each._signedTransactions.get(0)).finish();
    const bytes = proto.TransactionList.encode({ transactionList: [{ signedTransactionBytes }] }).finish();
    let transaction: Transaction;
    try {
      transaction = Transaction.fromBytes(bytes);
    } catch {
      return fail('INVALID_TRANSACTION_BODY');
    }
    if (transaction instanceof BatchTransaction) fail('BATCH_TRANSACTION_IN_BLACKLIST');
    const batchKey = transaction.batchKey;
    if (!batchKey) fail('MISSING_BATCH_KEY');
    if (!keySatisfied(batch, batchKey!)) fail('INVALID_SIGNATURE');
    // The SDK reads no node out of 0.0.0: the body says which it names.
    const signed = each._signedTransactions.get(0);
    const node = proto.TransactionBody.decode(signed.bodyBytes ?? new Uint8Array()).nodeAccountID;
    const nodeText = `${node?.shardNum ?? 0}.${node?.realmNum ?? 0}.${node?.accountNum ?? 0}`;
    if (!node || node.alias?.length || nodeText !== INNER_NODE_ACCOUNT) fail('INVALID_NODE_ACCOUNT_ID');
    const id = transaction.transactionId;
    if (!id?.accountId || !id.validStart) fail('INVALID_TRANSACTION_ID');
    const transactionId = toMirrorTransactionId(id!.toString());
    if (seen.has(transactionId)) fail('BATCH_LIST_CONTAINS_DUPLICATES');
    seen.add(transactionId);
    return {
      transaction,
      bytes,
      transactionId,
      payer: id!.accountId!.toString(),
      validStartNs:
        BigInt(id!.validStart!.seconds.toString()) * 1_000_000_000n +
        BigInt(id!.validStart!.nanos.toString()),
      validDuration: BigInt(transaction.transactionValidDuration),
      // Recorded without a node: the batch reached one.
      nodes: [],
      maxFee: BigInt(transaction.maxTransactionFee?.toTinybars().toString() ?? '0'),
    };
  });
}

/** An inner transaction failed: the batch fails and every inner transaction it ran is undone. */
export class InnerTransactionFailed extends Outcome {
  constructor(readonly ran: RanInner[]) {
    super('INNER_TRANSACTION_FAILED');
  }
}
