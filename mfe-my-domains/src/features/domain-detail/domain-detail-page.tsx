import { useMemo, useState, type ComponentType } from 'react';
import { bus } from '@registry/bus';
import { paths, type PageProps } from '@registry/contracts/routes';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';
import { PaymentStatus, sessionJournal } from '@registry/paid-flow';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { myDomainsApi } from '../../api/my-domains-api';
import {
  extendAction,
  subscriptionAction,
  webProtectionAction,
  type DomainAction,
} from '../../api/domain-actions';
import { DomainDetailCard, type DomainActionKind } from './components/domain-detail-card';
import { DomainSuggestions } from './components/domain-suggestions';
import { PaidDomainModal } from '../../components/paid-domain-modal';
import { TransferDomainModal } from './components/transfer-domain-modal';
import { YearsSelect } from '../../components/years-select';
import { useDomainDetail } from './use-domain-detail';
import { usePrimaryName } from '../../components/use-primary-name';
import './domain-detail-page.css';

/** Spec section 2, Domain detail: the domain's parties, status and expiry, and its paid actions. */
export type DomainDetailParts = {
  /** Booking subdomains under this domain (the subdomains feature's panel). */
  SubdomainPanel: ComponentType<{ parent: string; onBooked: () => void }>;
};

export function DomainDetailPage({ query, SubdomainPanel }: PageProps & DomainDetailParts) {
  const name = query.get('domain') ?? '';
  const { accountId, detail, error, load } = useDomainDetail(name);
  const [action, setAction] = useState<DomainActionKind | null>(null);
  const [years, setYears] = useState(1);
  const [transferring, setTransferring] = useState(false);
  const primary = usePrimaryName();
  // A payment made on this page survives a reload; the page then shows where it stands on the server.
  const journal = useMemo(() => sessionJournal(`domain:${name}`), [name]);

  const modalAction: DomainAction | null =
    action === 'extend'
      ? extendAction(name, years * 12)
      : action === 'protection'
        ? webProtectionAction(name)
        : action === 'subscription'
          ? subscriptionAction(name)
          : null;

  const body = () => {
    if (error) return <p role="alert">{error}</p>;
    if (!detail || !accountId) return <Spinner label="Loading the domain…" />;
    return (
      <DomainDetailCard
        detail={detail}
        accountId={accountId}
        primary={primary}
        onAction={setAction}
        onTransfer={() => setTransferring(true)}
      />
    );
  };

  return (
    <section data-page="domain-detail" className="domain-detail-page">
      <PageHeading {...PAGE_HEADINGS.domainDetail} />
      <PaymentStatus journal={journal} api={myDomainsApi} onSettled={() => void load()} />
      {body()}
      {/* Subdomains are booked under the owner's top-level domains, never under a subdomain. */}
      {detail && detail.isSub === 0 && !error ? (
        <>
          <SubdomainPanel parent={detail.domainName} onBooked={() => void load()} />
          <DomainSuggestions domain={detail.domainName} />
        </>
      ) : null}
      {transferring && detail ? (
        <TransferDomainModal
          domainName={detail.domainName}
          onClose={() => setTransferring(false)}
          // The name is someone else's now: back to the list it has left.
          onSent={() => bus.emit('navigate', { to: paths.myDomains })}
        />
      ) : null}
      {modalAction ? (
        <PaidDomainModal
          action={modalAction}
          journal={journal}
          onClose={() => setAction(null)}
          onDone={() => {
            void load();
          }}
        >
          {action === 'extend' ? <YearsSelect label="Extend by" years={years} onChange={setYears} /> : null}
        </PaidDomainModal>
      ) : null}
    </section>
  );
}
