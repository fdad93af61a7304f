import { startTransition, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { RemoteName } from '@registry/contracts/remotes';
import type { PageProps } from '@registry/contracts/routes';
import type { PageHeadingText } from '@registry/contracts/page-headings';
import { PagePlaceholder } from './page-placeholder';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { countRemote } from './remote-health';
import { loadRemotePage } from './remote-registry';

type RemotePageProps = { remote: RemoteName; page: string; heading?: PageHeadingText | undefined };

type PageLoad =
  | { key: string; status: 'ready'; Page: ComponentType<PageProps> }
  | { key: string; status: 'failed'; error: unknown };

/**
 * The page's component once its remote has given it. It arrives as a transition, so the page's own
 * lazy chunk is awaited with the loading indicator still showing instead of behind a Suspense fallback:
 * React holds a boundary's content back for 300 ms after any fallback it showed, and on a phone that
 * is 300 ms more before the page's heading paints.
 */
function usePageLoad(remote: RemoteName, page: string, attempt: number): PageLoad | undefined {
  const key = `${remote}/${page}/${attempt}`;
  const [load, setLoad] = useState<PageLoad>();
  useEffect(() => {
    let current = true;
    loadRemotePage(remote, page, attempt > 0).then(
      (Page) => {
        if (!current) return;
        countRemote(remote, 'mount');
        startTransition(() => setLoad({ key, status: 'ready', Page }));
      },
      (error: unknown) => {
        if (current) setLoad({ key, status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [remote, page, attempt, key]);
  return load?.key === key ? load : undefined;
}

function LoadedPage({ remote, page, heading, attempt }: RemotePageProps & { attempt: number }) {
  const load = usePageLoad(remote, page, attempt);
  const params = useParams();
  const { search } = useLocation();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  // The boundary's error handling and Retry take it from here.
  if (load?.status === 'failed') throw load.error;
  if (!load) return <PagePlaceholder heading={heading} />;
  return <load.Page params={params} query={query} />;
}

/** Renders a page of a remote, loaded at run time; a failure stays inside this area with a Retry. */
export function RemotePage({ remote, page, heading }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteErrorBoundary
      key={`${remote}/${page}/${attempt}`}
      remote={remote}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      {/* Mounted before the page arrives, so the page's chunk suspends content it already shows. */}
      <Suspense fallback={<PagePlaceholder heading={heading} />}>
        <LoadedPage remote={remote} page={page} heading={heading} attempt={attempt} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
