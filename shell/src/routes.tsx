import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import {
  DOMAIN_TYPES,
  paths,
  queryMatches,
  ROUTE_MANIFEST,
  type DomainType,
  type PageRoute,
} from '@registry/contracts/routes';
import { headingOf, type PageHeadingText } from '@registry/contracts/page-headings';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { AppLayout } from './layout/app-layout';
import { PagePlaceholder } from './remotes/page-placeholder';
import { RemotePage } from './remotes/remote-page';
import { NotFoundPage } from './pages/not-found-page';

function TypedRemotePage({ route }: { route: PageRoute }) {
  const { type } = useParams();
  if (!DOMAIN_TYPES.includes(type as DomainType)) return <NotFoundPage />;
  return <RemotePage remote={route.remote} page={route.page} heading={headingOf(route)} />;
}

/** A page that needs query parameters (the email verification link) goes home without them. */
function QueryRemotePage({ route }: { route: PageRoute }) {
  if (!queryMatches(route, useLocation().search)) return <Navigate to={paths.home} replace />;
  return <RemotePage remote={route.remote} page={route.page} heading={headingOf(route)} />;
}

/**
 * Spec section 2: account pages need a connected wallet with a stored account; without one they go to
 * the search page. A wallet being restored after a reload is waited for.
 */
function AccountPage({ heading, children }: { heading: PageHeadingText | undefined; children: ReactNode }) {
  const { status, accountId } = useWalletSession();
  if (status === 'restoring') return <PagePlaceholder heading={heading} label="Restoring your wallet…" />;
  if (status !== 'paired' || !accountId) return <Navigate to={paths.home} replace />;
  return children;
}

function pageElement(route: PageRoute) {
  if (route.typed) return <TypedRemotePage route={route} />;
  if (route.query) return <QueryRemotePage route={route} />;
  return <RemotePage remote={route.remote} page={route.page} heading={headingOf(route)} />;
}

function elementFor(route: PageRoute) {
  return route.account ? (
    <AccountPage heading={headingOf(route)}>{pageElement(route)}</AccountPage>
  ) : (
    pageElement(route)
  );
}

/** Spec section 2: the bare addresses and where they go. */
export const ADDRESS_REDIRECTS: Record<string, string> = {
  '/': paths.home,
  '/gui': paths.home,
  '/gui/domains': paths.search('web2'),
};

/**
 * A page opened at a bare address is moved before the first render, so the frame never draws the page
 * it leaves (the extension banner of `/`) on the way.
 */
export function redirectBareAddress() {
  const pathname = location.pathname.replace(/(.)\/+$/, '$1');
  const to = ADDRESS_REDIRECTS[pathname];
  if (to) history.replaceState(history.state, '', `${to}${location.search}${location.hash}`);
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...Object.entries(ADDRESS_REDIRECTS).map(([path, to]) => ({
        path,
        element: <Navigate to={to} replace />,
      })),
      { path: '/gui/profile', element: <Navigate to={paths.profile('orders')} replace /> },
      ...ROUTE_MANIFEST.map((route) => ({ path: route.path, element: elementFor(route) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
