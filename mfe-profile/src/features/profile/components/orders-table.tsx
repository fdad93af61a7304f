import type { OrderRow } from '@registry/contracts/my-domains';
import type { LedgerInfo } from '@registry/contracts/network';
import { formatAmount } from '@registry/contracts/pricing';
import { Button } from '@registry/ui/button';
import { EmptyState } from '@registry/ui/empty-state';
import { Table, type Column } from '@registry/ui/table';
import { orderKindLabel, ordersCsv, transactionLink } from '../api/profile-api';

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

function download(orders: OrderRow[]) {
  const url = URL.createObjectURL(new Blob([ordersCsv(orders)], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: 'orders.csv' });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The order history (spec section 2): what was bought, when, until when, for how much, and its payment. */
export function OrdersTable({ orders, ledger }: { orders: OrderRow[]; ledger: LedgerInfo | null }) {
  if (orders.length === 0) return <EmptyState message="No orders yet." />;
  const columns: Column<OrderRow>[] = [
    {
      header: 'Domain / Subscription',
      cell: (order) => (
        <>
          <span className="orders__name">{order.itemName}</span>
          <span className="orders__kind">{orderKindLabel(order.kind)}</span>
        </>
      ),
    },
    { header: 'Purchase date', cell: (order) => date(order.purDate) },
    { header: 'Expiry', cell: (order) => date(order.expiresOn) },
    {
      header: 'Amount',
      cell: (order) =>
        `${formatAmount(order.price)} HBAR${order.refundedHbar > 0 ? ` (${formatAmount(order.refundedHbar)} refunded)` : ''}`,
    },
    {
      header: 'Payment',
      cell: (order) => {
        const href = order.transactionId ? transactionLink(order.transactionId, ledger) : null;
        return href ? (
          <a href={href} target="_blank" rel="noreferrer noopener">
            <span className="ui-visually-hidden">Payment of {order.itemName} on the ledger: </span>
            {order.transactionId}
          </a>
        ) : (
          '—'
        );
      },
    },
  ];
  return (
    <div className="orders">
      <div className="orders__actions">
        <Button variant="ghost" onClick={() => download(orders)}>
          Download CSV
        </Button>
      </div>
      <Table
        caption="Orders"
        columns={columns}
        rows={orders}
        rowKey={(order) => `${order.id}:${order.itemName}`}
      />
    </div>
  );
}
