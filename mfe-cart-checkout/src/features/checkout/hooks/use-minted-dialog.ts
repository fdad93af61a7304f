import { useCallback, useEffect, useState } from 'react';
import { bus } from '@registry/bus';
import { destinationAfterPurchase } from '../after-purchase';
import { SUCCESS_DIALOG_MS } from '../checkout-messages';

export type Minted = { names: string[]; delivered: string[] };

/**
 * The success dialog after a purchase: shown for SUCCESS_DIALOG_MS (or until closed), then the cart is
 * cleared and the buyer moves on to where the names are.
 */
export function useMintedDialog() {
  const [minted, setMinted] = useState<Minted | null>(null);
  const finish = useCallback(() => {
    if (!minted) return;
    const destination = destinationAfterPurchase(minted.names, minted.delivered);
    setMinted(null);
    bus.emit('cart:clear', {});
    if (destination.message) bus.emit('toast', { kind: 'success', message: destination.message });
    bus.emit('navigate', { to: destination.to });
  }, [minted]);

  useEffect(() => {
    if (!minted) return;
    const timer = setTimeout(finish, SUCCESS_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [minted, finish]);

  return { minted, show: setMinted, finish };
}
