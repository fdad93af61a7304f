import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { bus } from '@registry/bus';
import { TOAST_DURATION_MS, type ToastEvent } from '@registry/contracts/bus-events';

function show({ kind, message, durationMs }: ToastEvent) {
  const notify = kind === 'error' ? toast.error : kind === 'success' ? toast.success : toast;
  notify(message, { duration: durationMs ?? TOAST_DURATION_MS });
}

/**
 * Shows the `toast` events of the bus (spec: 3 s). The shell mounts it once; remotes only emit events.
 * Messages are rendered as text.
 */
export function Toaster({ pending = [] }: { pending?: ToastEvent[] }) {
  useEffect(() => {
    // Toasts raised before this component loaded (it loads with the first one).
    for (const event of pending.splice(0)) show(event);
    return bus.on('toast', show);
  }, [pending]);
  return <Sonner position="top-center" theme="dark" richColors closeButton />;
}
