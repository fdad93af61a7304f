import type { PageProps } from '@registry/contracts/routes';
import { DomainDetailPage } from './features/domain-detail/domain-detail-page';
import { SubdomainPanel } from './features/subdomains/components/subdomain-panel';

/** A domain's page as the route shows it: its details, with the subdomains booked under it. */
export function DomainDetailRoute(props: PageProps) {
  return <DomainDetailPage {...props} SubdomainPanel={SubdomainPanel} />;
}
