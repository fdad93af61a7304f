import { StrictMode, Suspense, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { useMemo } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useLocation, useParams } from 'react-router-dom';
import { bus } from '@registry/bus';
import type { RemoteName } from '@registry/contracts/remotes';
import { queryMatches, routesOf, type PageProps, type PageRoute } from '@registry/contracts/routes';
import { Spinner } from './spinner';
import './theme.css';

function StandalonePage({ route, Page }: { route: PageRoute; Page: ComponentType<PageProps> }) {
  const params = useParams();
  const { search } = useLocation();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  if (!queryMatches(route, search)) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<Spinner />}>
      <Page params={params} query={query} />
    </Suspense>
  );
}

/** Any other path of the standalone page: where this remote's pages are. */
function StandaloneIndex({ remote }: { remote: RemoteName }) {
  return (
    <main className="page">
      <h1>{remote} pages</h1>
      <ul>
        {routesOf(remote).map((route) => (
          <li key={route.path}>
            <code>{route.path}</code>
          </li>
        ))}
      </ul>
    </main>
  );
}

/**
 * Mounts a remote alone (its own dev server and tests): its pages at the paths the route manifest
 * gives them in the shell, so links and deep links work the same.
 */
export function mountStandalone(remote: RemoteName, pages: Record<string, ComponentType<PageProps>>) {
  const router = createBrowserRouter(
    routesOf(remote)
      .flatMap((route) => {
        const Page = pages[route.page];
        return Page ? [{ path: route.path, element: <StandalonePage route={route} Page={Page} /> }] : [];
      })
      .concat({ path: '*', element: <StandaloneIndex remote={remote} /> }),
  );
  // Alone, the remote's own router follows the `navigate` events the shell would follow.
  bus.on('navigate', ({ to, replace }) => void router.navigate(to, { replace: replace ?? false }));
  const container = document.getElementById('root');
  if (!container) throw new Error('missing #root element');
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
