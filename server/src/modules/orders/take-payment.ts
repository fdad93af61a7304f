import { normaliseTransactionId, payerOf } from '@registry/contracts/hedera-ids';
import type { MirrorTransaction } from '../../ledger/mirror-reader';
import type { PaymentTaking } from '../../jobs/ledger-watcher';
import type { OrderContext } from './order-context';
import { memoOf } from './payment-record';
import * as repo from './repo';
import { PaymentTaken } from './settlement';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes a transaction that reached the treasury, as the ledger watcher reads it from the mirror
 * node: settles the order its memo names, as confirm would, or refunds it whole to its payer
 * (unknown memo, another account's quote, too little, a quote paid already). Each payment once,
 * however often it is read and whatever confirm does meanwhile.
 */
export function createTakePayment({ deps, settlement, creditedBy }: OrderContext) {
  const { db, treasuryAccountId } = deps;
  const { refundPayment, refusal, settle } = settlement;
  return async function takePayment(
    record: MirrorTransaction,
  ): Promise<{ taking: PaymentTaking; jobKeys: string[] }> {
    const transactionId = normaliseTransactionId(record.transaction_id);
    const credited = creditedBy(record);
    const payer = transactionId ? payerOf(transactionId) : null;
    if (
      !transactionId ||
      !payer ||
      record.result !== 'SUCCESS' ||
      credited <= 0n ||
      payer === treasuryAccountId
    )
      return { taking: 'not-a-payment', jobKeys: [] };
    if (await repo.paymentOutcome(db, transactionId)) return { taking: 'recorded-before', jobKeys: [] };
    const payment = { transactionId, consensusTimestamp: record.consensus_timestamp, payer, credited };
    if (await repo.orderWithTransaction(db, transactionId)) return { taking: 'recorded-before', jobKeys: [] };
    const memo = memoOf(record);
    const order = UUID.test(memo) ? await repo.findOrderById(db, memo) : null;
    let reason = refusal(order, payer, credited);
    if (!reason) {
      try {
        const outcome = await settle(order!, payment, credited);
        return { taking: 'settled', jobKeys: outcome.jobKeys };
      } catch (error) {
        if (!(error instanceof PaymentTaken) && !repo.isUniqueViolation(error)) throw error;
        if (await repo.paymentOutcome(db, transactionId)) return { taking: 'recorded-before', jobKeys: [] };
        reason = 'The quote was paid already';
      }
    }
    const refunded = await refundPayment(payment, order?.id ?? null, reason);
    return refunded
      ? { taking: 'refunded', jobKeys: [`refund-payment:${transactionId}`] }
      : { taking: 'recorded-before', jobKeys: [] };
  };
}
