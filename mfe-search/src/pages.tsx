import { lazy, type ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/**
 * The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first
 * use. A page made of several features is put together outside them (search-route.tsx), so features
 * never import each other.
 */
export const pages: Record<string, ComponentType<PageProps>> = {
  search: lazy(() =>
    import(/* webpackChunkName: "page-search" */ './search-route').then((module) => ({
      default: module.SearchRoute,
    })),
  ),
  claim: lazy(() =>
    import(/* webpackChunkName: "page-claim" */ './features/claim/claim-page').then((module) => ({
      default: module.ClaimPage,
    })),
  ),
};
