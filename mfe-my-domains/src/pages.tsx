import { lazy, type ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/**
 * The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first
 * use. A page made of several features is put together outside them (domain-detail-route.tsx), so
 * features never import each other.
 */
export const pages: Record<string, ComponentType<PageProps>> = {
  'domain-detail': lazy(() =>
    import(/* webpackChunkName: "page-domain-detail" */ './domain-detail-route').then((module) => ({
      default: module.DomainDetailRoute,
    })),
  ),
  'domain-manage': lazy(() =>
    import(/* webpackChunkName: "page-domain-manage" */ './features/records/domain-manage-page').then(
      (module) => ({ default: module.DomainManagePage }),
    ),
  ),
  'other-domain-detail': lazy(() =>
    import(
      /* webpackChunkName: "page-other-domain-detail" */ './features/domain-detail/other-domain-detail-page'
    ).then((module) => ({
      default: module.OtherDomainDetailPage,
    })),
  ),
  'other-domain-manage': lazy(() =>
    import(
      /* webpackChunkName: "page-other-domain-manage" */ './features/records/other-domain-manage-page'
    ).then((module) => ({
      default: module.OtherDomainManagePage,
    })),
  ),
  'my-domains': lazy(() =>
    import(/* webpackChunkName: "page-my-domains" */ './features/my-domains/my-domains-page').then(
      (module) => ({ default: module.MyDomainsPage }),
    ),
  ),
  'my-subdomains': lazy(() =>
    import(/* webpackChunkName: "page-my-subdomains" */ './features/subdomains/my-subdomains-page').then(
      (module) => ({
        default: module.MySubdomainsPage,
      }),
    ),
  ),
  pending: lazy(() =>
    import(/* webpackChunkName: "page-pending" */ './features/pending/pending-page').then((module) => ({
      default: module.PendingPage,
    })),
  ),
};
