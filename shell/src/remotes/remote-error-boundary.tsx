import type { ReactNode } from 'react';
import type { RemoteName } from '@registry/contracts/remotes';
import { PartBoundary } from '../layout/part-boundary';
import { countRemote } from './remote-health';
import { loadFailures, RemoteSkewError } from './remote-registry';

const REMOTE_LABELS: Record<RemoteName, string> = {
  search: 'search',
  cart_checkout: 'cart and checkout',
  my_domains: 'domain management',
  profile: 'profile',
  resolver: 'resolver',
};

type Props = { remote: RemoteName; onRetry: () => void; children: ReactNode };

/** Keeps a failing remote inside its own area: the rest of the page keeps working. */
export function RemoteErrorBoundary({ remote, onRetry, children }: Props) {
  const label = REMOTE_LABELS[remote];
  return (
    <PartBoundary
      onError={(error) => {
        // A chunk of the remote's page that did not arrive is a load failure; anything else it threw, a render error.
        if (!loadFailures.has(error))
          countRemote(remote, error.name === 'ChunkLoadError' ? 'load-failure' : 'render-error');
      }}
      fallback={(error) => (
        <section className="remote-fallback" role="alert" data-remote-fallback={remote}>
          <h2>This section is unavailable</h2>
          {error instanceof RemoteSkewError ? (
            <p>
              The {label} section was built for another version of this app and cannot run here (
              {error.reason}). Try again after its team releases a matching version.
            </p>
          ) : (
            <p>The {label} section could not be loaded. Check your connection and try again.</p>
          )}
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </section>
      )}
    >
      {children}
    </PartBoundary>
  );
}
