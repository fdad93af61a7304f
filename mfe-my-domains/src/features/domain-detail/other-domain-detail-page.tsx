import { useState, type ReactNode } from 'react';
import { paths, type PageProps } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { CopyButton } from '@registry/ui/copy-button';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { subscriptionAction } from '../../api/domain-actions';
import { PaidDomainModal } from '../../components/paid-domain-modal';
import { useDomainDetail } from './use-domain-detail';
import '../domain-detail/domain-detail-page.css';

/** Spec section 3: another provider's domain never expires here (31-12-2099). */
export const OTHER_PROVIDER_EXPIRY_TEXT = '31-12-2099';

/**
 * `/gui/odomain/web3/detail?domain=`: another provider's domain held by the account (spec section 2):
 * status, blockchain, owner, subscription with Subscribe, and Manage Domain Records once subscribed.
 */
export function OtherDomainDetailPage({ query }: PageProps) {
  const name = query.get('domain') ?? '';
  const { detail, error, load } = useDomainDetail(name);
  const [subscribing, setSubscribing] = useState(false);

  const row = (label: string, value: ReactNode) => (
    <div className="domain-detail__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );

  return (
    <section data-page="other-domain-detail" className="domain-detail-page">
      <PageHeading
        title="Domain Details"
        tagline="Domain from another provider"
        back={{ to: paths.home, label: 'Back' }}
      />
      {error ? (
        <p role="alert">{error}</p>
      ) : !detail ? (
        <Spinner label="Loading the domain…" />
      ) : (
        <Card className="domain-detail" aria-labelledby="other-domain-name">
          <h2 id="other-domain-name" className="domain-detail__name">
            {detail.domainName}
          </h2>
          <dl className="domain-detail__list">
            {row('Status', <Badge tone="success">{detail.activeStatus}</Badge>)}
            {row('Blockchain', detail.blockChain)}
            {row(
              'Owner',
              <>
                <span className="domain-detail__value">{detail.owner}</span>
                <CopyButton value={detail.owner} label="Copy owner" />
              </>,
            )}
            {row('Expires', OTHER_PROVIDER_EXPIRY_TEXT)}
            {row(
              'Subscription',
              <>
                <Badge tone={detail.subscription ? 'success' : 'neutral'}>
                  {detail.subscription ? 'Subscribed' : 'Not Subscribed'}
                </Badge>
                {detail.subscription ? null : (
                  <Button variant="ghost" onClick={() => setSubscribing(true)}>
                    Subscribe
                  </Button>
                )}
              </>,
            )}
          </dl>
          {detail.subscription ? (
            <AppLink
              className="ui-button ui-button--primary domain-detail__manage"
              to={paths.otherDomainManage(detail.domainName)}
            >
              Manage Domain Records
            </AppLink>
          ) : null}
        </Card>
      )}
      {subscribing ? (
        <PaidDomainModal
          action={subscriptionAction(name)}
          onClose={() => setSubscribing(false)}
          onDone={() => void load()}
        />
      ) : null}
    </section>
  );
}
