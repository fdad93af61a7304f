import { lazy, type ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/** The pages this remote gives the shell, keyed by the route manifest's page ids; each loads on first use. */
export const pages: Record<string, ComponentType<PageProps>> = {
  profile: lazy(() =>
    import(/* webpackChunkName: "page-profile" */ './features/profile/profile-page').then((module) => ({
      default: module.ProfilePage,
    })),
  ),
  'email-verification': lazy(() =>
    import(
      /* webpackChunkName: "page-email-verification" */ './features/email-verification/email-verification-page'
    ).then((module) => ({
      default: module.EmailVerificationPage,
    })),
  ),
};
