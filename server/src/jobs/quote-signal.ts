/**
 * "A quote was issued here": the order service raises it, the ledger watcher listens (it then reads
 * the payments feed often, since the payment may come at any moment). Both are handed this one object
 * when the server is wired, so neither reaches for the other.
 */
export function createQuoteSignal() {
  const listeners = new Set<() => void>();
  return {
    issued() {
      for (const listener of listeners) listener();
    },
    onIssued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type QuoteSignal = ReturnType<typeof createQuoteSignal>;
