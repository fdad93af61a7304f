import type { QuoteRequest } from '@registry/contracts/orders';
import type { PaidActionState } from './run-paid-action';

/** A paid action under way: what was asked and how far it got (its quote, its payment once made). */
export type JournalEntry = { request: QuoteRequest; progress: PaidActionState };

/** Where a page keeps its paid action across reloads, so a payment made is confirmed, never made again. */
export type PaymentJournal = {
  read(): JournalEntry | null;
  write(entry: JournalEntry): void;
  clear(): void;
};

/** A journal in the tab's session storage (a reload keeps it; another tab, a logout or a 401 does not). */
export function sessionJournal(key: string, storage: Storage = globalThis.sessionStorage): PaymentJournal {
  const storageKey = `paid-action:${key}`;
  return {
    read() {
      try {
        const entry = JSON.parse(storage.getItem(storageKey) ?? 'null') as JournalEntry | null;
        return entry && typeof entry === 'object' && entry.request && entry.progress ? entry : null;
      } catch {
        return null;
      }
    },
    write: (entry) => storage.setItem(storageKey, JSON.stringify(entry)),
    clear: () => storage.removeItem(storageKey),
  };
}

/** A journal entry whose payment was made: it must be confirmed before anything is paid again. */
export const isPaid = (entry: JournalEntry | null): entry is JournalEntry =>
  entry !== null && typeof entry.progress.transactionId === 'string' && entry.progress.quote !== undefined;
