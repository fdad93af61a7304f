import { lazy, Suspense, useMemo, useState } from 'react';
import type { RemoteName } from '@registry/contracts/remotes';
import { Spinner } from '@registry/ui/spinner';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadRemotePage } from './remote-registry';

type RemotePageProps = { remote: RemoteName; page: string };

/** Renders a page of a remote, loaded at run time; a failure stays inside this area with a Retry. */
export function RemotePage({ remote, page }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const Page = useMemo(
    () =>
      lazy(async () => {
        // Remotes expose their pages lazily too: React takes a component here, not another lazy one.
        const Loaded = await loadRemotePage(remote, page, attempt > 0);
        return { default: () => <Loaded /> };
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
        <Page />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
