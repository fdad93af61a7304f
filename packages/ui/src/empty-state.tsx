import type { ReactNode } from 'react';

/** What a list shows when it has nothing ('No Domains Found', 'Wallet is not connected'). */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="ui-empty" role="status">
      <p>{message}</p>
      {action}
    </div>
  );
}
