import type { ReactNode } from 'react';
import { EmptyState } from '@registry/ui/empty-state';
import { Spinner } from '@registry/ui/spinner';

type AccountListBodyProps<T> = {
  /** What `useAccountList` read. */
  list: { items: T[] | null; failed: boolean };
  /** Said when the list could not be read. */
  failedMessage: string;
  /** Read aloud while the list loads. */
  loadingLabel: string;
  /** The list itself, once it has at least one item. */
  children: (items: T[]) => ReactNode;
};

/** One of the account's lists (from `useAccountList`) in its four states: failed, loading, empty, shown. */
export function AccountListBody<T>({
  list: { items, failed },
  failedMessage,
  loadingLabel,
  children,
}: AccountListBodyProps<T>) {
  if (failed) return <p role="alert">{failedMessage}</p>;
  if (items === null) return <Spinner label={loadingLabel} />;
  if (items.length === 0) return <EmptyState message="No Domains Found" />;
  return <>{children(items)}</>;
}
