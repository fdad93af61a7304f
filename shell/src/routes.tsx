import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import { DOMAIN_TYPES, paths, type DomainType } from '@registry/contracts/routes';
import type { RemoteName } from '@registry/contracts/remotes';
import { AppLayout } from './layout/app-layout';
import { RemotePage } from './remotes/remote-page';
import { NotFoundPage } from './pages/not-found-page';

type RemoteRoute = {
  path: string;
  remote: RemoteName;
  page: string;
  /** Routes with a `:type` segment accept only web2 / web3. */
  typed?: boolean;
};

/** Spec section 2: every page and the remote that renders it. */
export const remoteRoutes: RemoteRoute[] = [
  { path: '/gui/domains/:type', remote: 'search', page: 'search', typed: true },
  { path: '/gui/domains/:type/blade', remote: 'search', page: 'search', typed: true },
  { path: paths.claim, remote: 'search', page: 'claim' },
  { path: '/gui/domain/:type/detail', remote: 'my_domains', page: 'domain-detail', typed: true },
  { path: '/gui/domain/:type/manage', remote: 'my_domains', page: 'domain-manage', typed: true },
  { path: '/gui/odomain/web3/detail', remote: 'my_domains', page: 'other-domain-detail' },
  { path: '/gui/odomain/web3/manage', remote: 'my_domains', page: 'other-domain-manage' },
  { path: paths.myDomains, remote: 'my_domains', page: 'my-domains' },
  { path: '/gui/w3mysubdomains/:domain', remote: 'my_domains', page: 'my-subdomains' },
  { path: paths.pending, remote: 'my_domains', page: 'pending' },
  { path: paths.cart, remote: 'cart_checkout', page: 'cart' },
  { path: paths.checkout, remote: 'cart_checkout', page: 'checkout' },
  { path: '/gui/profile/:type', remote: 'profile', page: 'profile' },
  { path: paths.resolver, remote: 'resolver', page: 'resolver' },
  { path: paths.publicResolver, remote: 'resolver', page: 'resolver' },
];

function TypedRemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const { type } = useParams();
  if (!DOMAIN_TYPES.includes(type as DomainType)) return <NotFoundPage />;
  return <RemotePage remote={remote} page={page} />;
}

/** `/index.html?t=ev&x=<code>` is the email verification landing; anything else goes home. */
function IndexHtmlRoute() {
  const query = new URLSearchParams(useLocation().search);
  if (query.get('t') === 'ev' && (query.get('x') ?? '') !== '') {
    return <RemotePage remote="profile" page="email-verification" />;
  }
  return <Navigate to={paths.home} replace />;
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Navigate to={paths.home} replace /> },
      { path: '/gui', element: <Navigate to={paths.home} replace /> },
      { path: '/gui/domains', element: <Navigate to={paths.search('web2')} replace /> },
      { path: '/gui/profile', element: <Navigate to={paths.profile('orders')} replace /> },
      { path: '/index.html', element: <IndexHtmlRoute /> },
      ...remoteRoutes.map(({ path, remote, page, typed }) => ({
        path,
        element: typed ? (
          <TypedRemotePage remote={remote} page={page} />
        ) : (
          <RemotePage remote={remote} page={page} />
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
