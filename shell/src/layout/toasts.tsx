import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { bus } from '@registry/bus';
import type { ToastEvent } from '@registry/contracts/bus-events';

const Toaster = lazy(() => import('@registry/ui/toaster').then((module) => ({ default: module.Toaster })));

/** Mounts the toast area with the first `toast` event, so the first page load does not carry it. */
export function Toasts() {
  const pending = useRef<ToastEvent[]>([]);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    return bus.on('toast', (event) => {
      pending.current.push(event);
      setNeeded(true);
    });
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster pending={pending.current} />
    </Suspense>
  ) : null;
}
