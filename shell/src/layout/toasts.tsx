import { useEffect, useRef, useState } from 'react';
import { bus } from '@registry/bus';
import type { ToastEvent } from '@registry/contracts/bus-events';
import { FramePart, lazyPart } from './frame-part';

const Toaster = lazyPart(() => import('@registry/ui/toaster').then((module) => module.Toaster));

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
    <FramePart quiet>
      <Toaster pending={pending.current} />
    </FramePart>
  ) : null;
}
