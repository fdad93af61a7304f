import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import type { RemoteName } from '@registry/contracts/remotes';
import type { PageProps } from '@registry/contracts/routes';
import { Spinner } from '@registry/ui/spinner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { countRemote } from './remote-health';
import { loadRemotePage } from './remote-registry';

type RemotePageProps = { remote: RemoteName; page: string };

/** Renders a page of a remote, loaded at run time; a failure stays inside this area with a Retry. */
export function RemotePage({ remote, page }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const params = useParams();
  const { search } = useLocation();
  const query = useMemo(() => new URLSearchParams(search), [search]);
  const Page = useMemo(
    () =>
      lazy(async () => {
        // Remotes expose their pages lazily too: React takes a component here, not another lazy one.
        const Loaded = await loadRemotePage(remote, page, attempt > 0);
        countRemote(remote, 'mount');
        return { default: (props: PageProps) => <Loaded {...props} /> };
      }),
    [remote, page, attempt],
  );
  return (
    <RemoteErrorBoundary
      key={`${remote}/${page}/${attempt}`}
      remote={remote}
      onRetry={() => setAttempt((n) => n + 1)}
    >
      <Suspense fallback={<Spinner />}>
        <Page params={params} query={query} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
