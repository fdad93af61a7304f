import { createApiClient } from '@registry/api-client/client';
import type { OrderRow } from '@registry/contracts/my-domains';
import type { LedgerInfo } from '@registry/contracts/network';
import { orderKindLabel } from '@registry/contracts/order-kinds';

export const profileApi = createApiClient();

/** The largest picture the server keeps. */
export const PICTURE_MAX_BYTES = 512 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** Where a payment can be looked at: HashScan on Hedera's networks, the mirror node's answer locally. */
export function transactionLink(transactionId: string, ledger: LedgerInfo | null): string | null {
  if (!ledger) return null;
  // The mirror node writes `0.0.1234@1700000000.000000001` as `0.0.1234-1700000000-000000001`.
  const mirrorId = transactionId.replace('@', '-').replace(/\.(\d+)$/, '-$1');
  return ledger.network === 'local'
    ? `${ledger.mirrorNodeUrl}/api/v1/transactions/${mirrorId}`
    : `https://hashscan.io/${ledger.network}/transaction/${mirrorId}`;
}

export { orderKindLabel };

/** A cell a spreadsheet would run as a formula is written as text. */
const csvCell = (value: string) => {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The order history as CSV (one line per order line), for a spreadsheet. */
export function ordersCsv(orders: OrderRow[]): string {
  const header = [
    'Domain / Subscription',
    'Kind',
    'Purchase date',
    'Expiry',
    'Months',
    'Amount (HBAR)',
    'Refunded (HBAR)',
    'Transaction',
  ];
  const lines = orders.map((order) => [
    order.itemName,
    orderKindLabel(order.kind),
    order.purDate,
    order.expiresOn ?? '',
    String(order.months),
    order.price.toFixed(2),
    order.refundedHbar.toFixed(2),
    order.transactionId ?? '',
  ]);
  return [header, ...lines].map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
