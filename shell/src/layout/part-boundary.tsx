import { Component, type ReactNode } from 'react';

type Props = { fallback: (error: Error) => ReactNode; onError?: (error: Error) => void; children: ReactNode };

/**
 * Keeps a part of the page that failed to itself: its fallback stands in for it and the rest of the
 * page goes on. React reports the error. A fresh `key` tries the part again.
 */
export class PartBoundary extends Component<Props, { error: Error | null }> {
  constructor(props: Props) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
