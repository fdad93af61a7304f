import { lazy, type ComponentType } from 'react';

/** The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first use. */
export const pages: Record<string, ComponentType> = {
  search: lazy(() =>
    import('./features/search/search-page').then((module) => ({ default: module.SearchPage })),
  ),
  claim: lazy(() => import('./features/claim/claim-page').then((module) => ({ default: module.ClaimPage }))),
};
