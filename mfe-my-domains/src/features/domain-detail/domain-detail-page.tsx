import { useMemo, useState, type ReactNode } from 'react';
import { bus } from '@registry/bus';
import { splitDomainName } from '@registry/contracts/domain-name';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainDetail } from '@registry/contracts/my-domains';
import { paths, type PageProps } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { CopyButton } from '@registry/ui/copy-button';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { dateText, myDomainsApi } from '../../api/my-domains-api';
import { PaymentStatus, sessionJournal } from '@registry/paid-flow';
import {
  extendAction,
  subscriptionAction,
  webProtectionAction,
  type DomainAction,
} from './api/domain-actions';
import { expiryCalendar } from './expiry-calendar';
import { DomainSuggestions } from './components/domain-suggestions';
import { PaidDomainModal } from './components/paid-domain-modal';
import { TransferDomainModal } from './components/transfer-domain-modal';
import { YearsSelect } from './components/years-select';
import { useDomainDetail } from './use-domain-detail';
import { SubdomainPanel } from '../subdomains/components/subdomain-panel';
import { PrimaryNameControl } from '../primary-name/primary-name-control';
import { usePrimaryName } from '../primary-name/use-primary-name';
import './domain-detail-page.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="domain-detail__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Copyable({ value, label, note }: { value: string; label: string; note?: string }) {
  return (
    <>
      <span className="domain-detail__value">{value}</span>
      {note ? <span className="domain-detail__note">{note}</span> : null}
      <CopyButton value={value} label={`Copy ${label}`} />
    </>
  );
}

function downloadCalendar(detail: DomainDetail) {
  const url = URL.createObjectURL(
    new Blob([expiryCalendar(detail.domainName, detail.expiresOn)], { type: 'text/calendar' }),
  );
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: `${detail.domainName}-expiry.ics`,
  });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Spec section 2, Domain detail: the domain's parties, status and expiry, and its paid actions. */
export function DomainDetailPage({ query }: PageProps) {
  const name = query.get('domain') ?? '';
  const { accountId, detail, error, load } = useDomainDetail(name);
  const [action, setAction] = useState<'extend' | 'protection' | 'subscription' | null>(null);
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
    const { labels, tld, isSubdomain } = splitDomainName(detail.domainName);
    const parent = isSubdomain ? labels.slice(1).join('.') : tld;
    const resolver = `${window.location.origin}/r/${detail.domainName}`;
    const released = detail.graceEndsOn !== null && new Date(detail.graceEndsOn) <= new Date();
    return (
      <Card className="domain-detail" aria-labelledby="domain-detail-name">
        <h2 id="domain-detail-name" className="domain-detail__name">
          {detail.domainName}
        </h2>
        <dl className="domain-detail__list">
          <Row label="Parent">
            <Copyable value={parent} label="parent" />
          </Row>
          <Row label="Registrant">
            <Copyable value={detail.owner} label="registrant" />
          </Row>
          <Row label="Controller">
            <Copyable value={accountId} label="controller" />
          </Row>
          <Row label="Resolver">
            <Copyable value={resolver} label="resolver" note="(Using public resolver)" />
          </Row>
          <Row label="Status">
            <Badge tone={detail.activeStatus === 'Active' ? 'success' : 'warning'}>
              {detail.activeStatus}
            </Badge>
          </Row>
          <Row label="Blockchain">{detail.blockChain}</Row>
          {detail.isExternal || detail.status !== DELIVERED_STATUS ? null : (
            <Row label="NFT">
              <span className="domain-detail__value">
                {detail.tokenId} #{detail.serialNo}
              </span>
              <Button variant="ghost" onClick={() => setTransferring(true)}>
                Transfer
              </Button>
            </Row>
          )}
          {detail.isExternal || detail.status !== DELIVERED_STATUS || released ? null : (
            <Row label="Primary name">
              <PrimaryNameControl domainName={detail.domainName} primary={primary} />
            </Row>
          )}
          <Row label="Expires">
            <span className="domain-detail__value">{dateText(detail.expiresOn)}</span>
            {released ? null : (
              <Button variant="ghost" onClick={() => setAction('extend')}>
                Extend Validity
              </Button>
            )}
            <Button variant="ghost" onClick={() => downloadCalendar(detail)}>
              Add to calendar
            </Button>
            {detail.graceEndsOn === null ? null : released ? (
              <p className="domain-detail__grace" role="alert">
                Expired. Its grace period ended on {dateText(detail.graceEndsOn)}: the name is released and
                anyone may register it.
              </p>
            ) : (
              <p className="domain-detail__grace" role="status">
                Expired. Until {dateText(detail.graceEndsOn)} the name stays yours and only you can extend it;
                after that anyone may register it.
              </p>
            )}
          </Row>
          <Row label="Web protection">
            <span className="domain-detail__value">{detail.webProtection ? 'Enabled' : 'Not enabled'}</span>
            {detail.webProtection ? null : (
              <Button variant="ghost" onClick={() => setAction('protection')}>
                Enable Web Protection
              </Button>
            )}
          </Row>
          <Row label="Subscription">
            <Badge tone={detail.subscription ? 'success' : 'neutral'}>
              {detail.subscription ? 'Subscribed' : 'Not Subscribed'}
            </Badge>
            {detail.subscription ? null : (
              <Button variant="ghost" onClick={() => setAction('subscription')}>
                Subscribe
              </Button>
            )}
          </Row>
        </dl>
        {detail.subscription ? (
          <AppLink
            className="ui-button ui-button--primary domain-detail__manage"
            to={paths.domainManage('web3', detail.domainName)}
          >
            Manage Domain Records
          </AppLink>
        ) : null}
      </Card>
    );
  };

  return (
    <section data-page="domain-detail" className="domain-detail-page">
      <PageHeading title="Domain Details" back={{ to: paths.myDomains, label: 'Back to Domains' }} />
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
