import { useEffect, useState } from 'react';
import type { QuoteRequest } from '@registry/contracts/orders';
import { previewCheckout, type PreviewResult } from '../api/checkout-api';

type PreviewInput = {
  order: QuoteRequest;
  /** Asked again when this changes (the wallet's status, the cart restored, the order's content). */
  askAgainWhen: string;
  /** Whether a preview is wanted now (a wallet paired, a cart to pay, no payment waiting to be confirmed). */
  wanted: () => boolean;
  /** The server says a name was bought by someone else meanwhile. */
  onTaken: () => void;
};

/** The purchase details with the buyer's discounts, fixed by the server; `retry` asks again. */
export function useCheckoutPreview({ order, askAgainWhen, wanted, onTaken }: PreviewInput) {
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted()) return;
    let current = true;
    setPreview(null);
    void previewCheckout(order).then((result) => {
      if (!current) return;
      setPreview(result);
      if (result.kind === 'taken') onTaken();
    });
    return () => {
      current = false;
    };
    // `askAgainWhen` decides when to ask again, not the identity of the order or the callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askAgainWhen, attempt]);
  return { preview, retry: () => setAttempt((value) => value + 1) };
}
