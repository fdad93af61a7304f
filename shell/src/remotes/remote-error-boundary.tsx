import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@registry/contracts/remotes';
import { RemoteSkewError } from './remote-registry';

const REMOTE_LABELS: Record<RemoteName, string> = {
  search: 'search',
  cart_checkout: 'cart and checkout',
  my_domains: 'domain management',
  profile: 'profile',
  resolver: 'resolver',
};

type Props = { remote: RemoteName; onRetry: () => void; children: ReactNode };
type State = { error: Error | null };

/** Keeps a failing remote inside its own area: the rest of the page keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`The ${this.props.remote} remote failed`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const label = REMOTE_LABELS[this.props.remote];
    return (
      <section className="remote-fallback" role="alert" data-remote-fallback={this.props.remote}>
        <h2>This section is unavailable</h2>
        {error instanceof RemoteSkewError ? (
          <p>
            The {label} section was built for another version of this app and cannot run here ({error.reason}
            ). Try again after its team releases a matching version.
          </p>
        ) : (
          <p>The {label} section could not be loaded. Check your connection and try again.</p>
        )}
        <button type="button" onClick={this.props.onRetry}>
          Retry
        </button>
      </section>
    );
  }
}
