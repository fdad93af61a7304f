import type { ReactNode } from 'react';
import { splitDomainName } from '@registry/contracts/domain-name';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainDetail } from '@registry/contracts/my-domains';
import { paths } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { CopyButton } from '@registry/ui/copy-button';
import { dateText } from '../../../api/my-domains-api';
import { PrimaryNameControl } from '../../../components/primary-name-control';
import type { usePrimaryName } from '../../../components/use-primary-name';
import { expiryCalendar } from '../expiry-calendar';

/** The paid actions the card offers. */
export type DomainActionKind = 'extend' | 'protection' | 'subscription';

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

/** When the name expires, its calendar entry, and where it stands in its grace period. */
function ExpiryRow({
  detail,
  released,
  onExtend,
}: {
  detail: DomainDetail;
  released: boolean;
  onExtend: () => void;
}) {
  return (
    <Row label="Expires">
      <span className="domain-detail__value">{dateText(detail.expiresOn)}</span>
      {released ? null : (
        <Button variant="ghost" onClick={onExtend}>
          Extend Validity
        </Button>
      )}
      <Button variant="ghost" onClick={() => downloadCalendar(detail)}>
        Add to calendar
      </Button>
      {detail.graceEndsOn === null ? null : released ? (
        <p className="domain-detail__grace" role="alert">
          Expired. Its grace period ended on {dateText(detail.graceEndsOn)}: the name is released and anyone
          may register it.
        </p>
      ) : (
        <p className="domain-detail__grace" role="status">
          Expired. Until {dateText(detail.graceEndsOn)} the name stays yours and only you can extend it; after
          that anyone may register it.
        </p>
      )}
    </Row>
  );
}

type DomainDetailCardProps = {
  detail: DomainDetail;
  /** The signed-in account: the name's controller. */
  accountId: string;
  primary: ReturnType<typeof usePrimaryName>;
  onAction: (action: DomainActionKind) => void;
  onTransfer: () => void;
};

/** The domain's parties, status and expiry, with a button for each action it allows. */
export function DomainDetailCard({
  detail,
  accountId,
  primary,
  onAction,
  onTransfer,
}: DomainDetailCardProps) {
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
          <Badge tone={detail.activeStatus === 'Active' ? 'success' : 'warning'}>{detail.activeStatus}</Badge>
        </Row>
        <Row label="Blockchain">{detail.blockChain}</Row>
        {detail.isExternal || detail.status !== DELIVERED_STATUS ? null : (
          <Row label="NFT">
            <span className="domain-detail__value">
              {detail.tokenId} #{detail.serialNo}
            </span>
            <Button variant="ghost" onClick={onTransfer}>
              Transfer
            </Button>
          </Row>
        )}
        {detail.isExternal || detail.status !== DELIVERED_STATUS || released ? null : (
          <Row label="Primary name">
            <PrimaryNameControl domainName={detail.domainName} primary={primary} />
          </Row>
        )}
        <ExpiryRow detail={detail} released={released} onExtend={() => onAction('extend')} />
        <Row label="Web protection">
          <span className="domain-detail__value">{detail.webProtection ? 'Enabled' : 'Not enabled'}</span>
          {detail.webProtection ? null : (
            <Button variant="ghost" onClick={() => onAction('protection')}>
              Enable Web Protection
            </Button>
          )}
        </Row>
        <Row label="Subscription">
          <Badge tone={detail.subscription ? 'success' : 'neutral'}>
            {detail.subscription ? 'Subscribed' : 'Not Subscribed'}
          </Badge>
          {detail.subscription ? null : (
            <Button variant="ghost" onClick={() => onAction('subscription')}>
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
}
