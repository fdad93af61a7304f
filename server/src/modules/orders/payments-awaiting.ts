import type { OrderKind, PendingPayment } from '@registry/contracts/orders';
import type { Db } from '../../db/database';
import { normaliseTransactionId, payerOf } from '@registry/contracts/hedera-ids';
import type { MirrorReader } from '../../ledger/mirror-reader';
import { creditTo, memoOf } from './payment-record';
import * as repo from './repo';

/** Quotes older than this are not looked for: a quote lives 10 minutes, the watcher lags seconds. */
const LOOK_BACK_MS = 60 * 60 * 1000;
/** Pages of the account's own transactions read at most per look. */
const MAX_PAGES = 3;

const mirrorTimestamp = (date: Date) => (date.getTime() / 1000).toFixed(9);
const dateOfTimestamp = (timestamp: string) => new Date(Number(timestamp.split('.')[0]) * 1000);

/**
 * The account's payments that reached the treasury and that nothing has settled or refunded yet:
 * read from the ledger (the account's own transactions since its oldest open quote), so a page opened
 * after a closed tab shows what was paid before the ledger watcher has taken it.
 */
export async function paymentsAwaitingSettlement(
  { db, mirror, treasuryAccountId }: { db: Db; mirror: MirrorReader; treasuryAccountId: string },
  accountId: string,
  now: Date,
): Promise<PendingPayment[]> {
  const open = await repo.unpaidOrdersSince(db, accountId, new Date(now.getTime() - LOOK_BACK_MS));
  if (open.length === 0) return [];
  const byId = new Map(open.map((entry) => [entry.order.id, entry]));
  const found: PendingPayment[] = [];
  try {
    let page = await mirror.transactionsPage({
      accountId,
      afterTimestamp: mirrorTimestamp(open[0]!.order.createdAt),
      limit: 100,
    });
    for (let pages = 1; ; pages += 1) {
      for (const record of page.items) {
        const entry = byId.get(memoOf(record));
        const transactionId = normaliseTransactionId(record.transaction_id);
        if (!entry || !transactionId || record.result !== 'SUCCESS') continue;
        if (payerOf(transactionId) !== accountId || creditTo(record, treasuryAccountId) <= 0n) continue;
        found.push({
          orderId: entry.order.id,
          kind: entry.order.kind as OrderKind,
          itemNames: entry.lines.map((line) => line.itemName),
          months: Math.max(...entry.lines.map((line) => line.months)),
          paidAt: dateOfTimestamp(record.consensus_timestamp).toISOString(),
          transactionId,
        });
      }
      if (!page.next || pages >= MAX_PAGES) break;
      page = await mirror.transactionsPage({ next: page.next });
    }
  } catch {
    // The mirror node is out of reach: the Pending list still shows the names awaiting delivery.
    return [];
  }
  const recorded = await repo.recordedPayments(
    db,
    found.map((payment) => payment.transactionId),
  );
  return found.filter((payment) => !recorded.has(payment.transactionId));
}
