import { Navigate, useLocation, useParams, type RouteObject } from 'react-router-dom';
import {
  DOMAIN_TYPES,
  paths,
  queryMatches,
  ROUTE_MANIFEST,
  type DomainType,
  type PageRoute,
} from '@registry/contracts/routes';
import type { RemoteName } from '@registry/contracts/remotes';
import { AppLayout } from './layout/app-layout';
import { RemotePage } from './remotes/remote-page';
import { NotFoundPage } from './pages/not-found-page';

function TypedRemotePage({ remote, page }: { remote: RemoteName; page: string }) {
  const { type } = useParams();
  if (!DOMAIN_TYPES.includes(type as DomainType)) return <NotFoundPage />;
  return <RemotePage remote={remote} page={page} />;
}

/** A page that needs query parameters (the email verification link) goes home without them. */
function QueryRemotePage({ route }: { route: PageRoute }) {
  if (!queryMatches(route, useLocation().search)) return <Navigate to={paths.home} replace />;
  return <RemotePage remote={route.remote} page={route.page} />;
}

function elementFor(route: PageRoute) {
  if (route.typed) return <TypedRemotePage remote={route.remote} page={route.page} />;
  if (route.query) return <QueryRemotePage route={route} />;
  return <RemotePage remote={route.remote} page={route.page} />;
}

export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Navigate to={paths.home} replace /> },
      { path: '/gui', element: <Navigate to={paths.home} replace /> },
      { path: '/gui/domains', element: <Navigate to={paths.search('web2')} replace /> },
      { path: '/gui/profile', element: <Navigate to={paths.profile('orders')} replace /> },
      ...ROUTE_MANIFEST.map((route) => ({ path: route.path, element: elementFor(route) })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
