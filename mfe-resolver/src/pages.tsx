import { lazy, type ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/** The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first use. */
export const pages: Record<string, ComponentType<PageProps>> = {
  resolver: lazy(() =>
    import(/* webpackChunkName: "page-resolver" */ './features/resolver/resolver-page').then((module) => ({
      default: module.ResolverPage,
    })),
  ),
};
