import { useEffect, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { bus } from '@registry/bus';
import { orderKindLabel } from '@registry/contracts/order-kinds';
import { acceptDelivery, PAYMENT_STATE_TEXT } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { PageHeading } from '@registry/ui/page-heading';
import { Table } from '@registry/ui/table';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { dateText, myDomainsApi } from '../../api/my-domains-api';
import { AccountListBody } from '../../components/account-list-body';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';

type PendingRow = {
  key: string;
  itemName: string;
  item: string;
  purDate: string;
  months: number;
  status: 'Inprogress';
  /** Names wait for the wallet to accept their collection; payments for the registry to settle them. */
  awaiting: 'delivery' | 'settlement';
};

/** A payment on the ledger is settled within seconds: look again this often while one is listed. */
const SETTLEMENT_POLL_MS = 2000;

async function loadPending(): Promise<PendingRow[]> {
  const [{ domains }, { payments }] = await Promise.all([
    myDomainsApi.listPendingDomains(),
    // Payments the ledger holds and the registry has not taken yet; their absence hides nothing else.
    myDomainsApi.listPendingPayments().catch(() => ({ payments: [] })),
  ]);
  return [
    ...payments.map((payment): PendingRow => ({
      key: payment.transactionId,
      itemName: payment.itemNames.join(', '),
      item: orderKindLabel(payment.kind),
      purDate: payment.paidAt,
      months: payment.months,
      status: 'Inprogress',
      awaiting: 'settlement',
    })),
    ...domains.map((domain): PendingRow => ({
      key: domain.itemName,
      itemName: domain.itemName,
      item: orderKindLabel(domain.isSub === 1 ? 'subdomain' : 'domains'),
      purDate: domain.purDate,
      months: domain.months,
      status: domain.status,
      awaiting: 'delivery',
    })),
  ];
}

/**
 * `/gui/nbsafhukfhus`: what was paid for and is not yet done: names not yet in the wallet (delivery
 * waits for the wallet to accept the collection: the page offers that step, then asks the server to
 * deliver) and payments of any kind that the registry is still settling.
 */
export function PendingPage() {
  const list = useAccountList(loadPending);
  const { items, reload } = list;
  const adapter = useWalletSession((session) => session.adapter);
  const [accepting, setAccepting] = useState(false);
  const toDeliver = items?.filter((item) => item.awaiting === 'delivery') ?? [];
  const settling = items?.some((item) => item.awaiting === 'settlement') ?? false;

  useEffect(() => {
    if (!settling) return;
    const timer = setTimeout(() => void reload(), SETTLEMENT_POLL_MS);
    return () => clearTimeout(timer);
  }, [items, settling, reload]);

  const acceptInWallet = async () => {
    if (toDeliver.length === 0) return;
    setAccepting(true);
    try {
      const wallet = await adapter();
      if (!wallet) throw new Error('Wallet not connected');
      const { delivered } = await acceptDelivery(
        myDomainsApi,
        wallet,
        toDeliver.map((item) => item.itemName),
      );
      bus.emit('toast', {
        kind: delivered.length > 0 ? 'success' : 'info',
        message:
          delivered.length > 0 ? `Delivered: ${delivered.join(', ')}` : 'Nothing could be delivered yet.',
      });
      await reload();
    } catch (error) {
      bus.emit('toast', {
        kind: 'error',
        message:
          error instanceof ApiRequestError || error instanceof Error ? error.message : 'Something went wrong',
      });
    } finally {
      setAccepting(false);
    }
  };

  return (
    <section data-page="pending" className="list-page">
      <PageHeading {...PAGE_HEADINGS.pending} />
      <AccountListBody
        list={list}
        failedMessage="The pending list could not be loaded. Reload the page to try again."
        loadingLabel="Loading pending domains…"
      >
        {(rows) => (
          <>
            {toDeliver.length > 0 ? (
              <div className="list-page__actions">
                <p>Delivery waits for your wallet to accept the domains' collection.</p>
                <Button onClick={() => void acceptInWallet()} disabled={accepting}>
                  {accepting ? 'Accepting…' : 'Accept delivery in my wallet'}
                </Button>
              </div>
            ) : null}
            {settling ? <p role="status">{PAYMENT_STATE_TEXT.received}</p> : null}
            <Table
              caption="Pending Domain Transactions"
              rowKey={(item) => item.key}
              rows={rows}
              columns={[
                { header: 'Domain', cell: (item) => item.itemName },
                { header: 'Item', cell: (item) => item.item },
                { header: 'Purchase date', cell: (item) => dateText(item.purDate) },
                { header: 'Term', cell: (item) => (item.months > 0 ? `${item.months} months` : '—') },
                { header: 'Status', cell: (item) => item.status },
              ]}
            />
          </>
        )}
      </AccountListBody>
    </section>
  );
}
