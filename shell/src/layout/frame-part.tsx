import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { PartBoundary } from './part-boundary';

/**
 * A part of the page frame loaded on first use. A chunk that fails to load (a dropped connection, a
 * server restarting) is asked for once more, a second later, before the part gives up.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(() =>
    load()
      .catch(() => new Promise((resolve) => setTimeout(resolve, 1000)).then(load))
      .then((part) => ({ default: part })),
  );
}

type Props = {
  /** A part the page does without (a banner, a note): nothing is shown when it fails. */
  quiet?: boolean;
  /** Shown while the part loads. */
  fallback?: ReactNode;
  children: ReactNode;
};

/**
 * Keeps a frame part that could not load to itself: the header, the page and the rest of the frame
 * stay. Without it, one lost chunk would take the whole page down.
 */
export function FramePart({ quiet, fallback, children }: Props) {
  return (
    <PartBoundary
      fallback={() =>
        quiet ? null : (
          <p className="frame-part-failed" role="alert">
            Could not load. Check your connection and{' '}
            <button type="button" onClick={() => location.reload()}>
              reload
            </button>
          </p>
        )
      }
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartBoundary>
  );
}
