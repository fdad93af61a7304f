import { useCallback, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import { bus } from '@registry/bus';
import { acceptDelivery } from '@registry/paid-flow/accept-delivery';
import { Button } from '@registry/ui/button';
import { EmptyState } from '@registry/ui/empty-state';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { Table } from '@registry/ui/table';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { dateText, myDomainsApi } from '../../api/my-domains-api';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';

type Pending = { itemName: string; purDate: string; months: number; status: 'Inprogress' };

/**
 * `/gui/nbsafhukfhus`: names paid for and not yet in the wallet. Delivery waits for the wallet to
 * accept the collection: the page offers that step, then asks the server to deliver.
 */
export function PendingPage() {
  const load = useCallback(async () => (await myDomainsApi.listPendingDomains()).domains as Pending[], []);
  const { items, failed, reload } = useAccountList(load);
  const adapter = useWalletSession((session) => session.adapter);
  const [accepting, setAccepting] = useState(false);

  const acceptInWallet = async () => {
    if (!items || items.length === 0) return;
    setAccepting(true);
    try {
      const wallet = await adapter();
      if (!wallet) throw new Error('Wallet not connected');
      const { delivered } = await acceptDelivery(
        myDomainsApi,
        wallet,
        items.map((item) => item.itemName),
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
      <PageHeading title="Pending Domain Transactions" />
      {failed ? (
        <p role="alert">The pending list could not be loaded. Reload the page to try again.</p>
      ) : items === null ? (
        <Spinner label="Loading pending domains…" />
      ) : items.length === 0 ? (
        <EmptyState message="No Domains Found" />
      ) : (
        <>
          <div className="list-page__actions">
            <p>Delivery waits for your wallet to accept the domains' collection.</p>
            <Button onClick={() => void acceptInWallet()} disabled={accepting}>
              {accepting ? 'Accepting…' : 'Accept delivery in my wallet'}
            </Button>
          </div>
          <Table
            caption="Pending Domain Transactions"
            rowKey={(item) => item.itemName}
            rows={items}
            columns={[
              { header: 'Domain', cell: (item) => item.itemName },
              { header: 'Purchase date', cell: (item) => dateText(item.purDate) },
              { header: 'Term', cell: (item) => `${item.months} months` },
              { header: 'Status', cell: (item) => item.status },
            ]}
          />
        </>
      )}
    </section>
  );
}
