import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@registry/bus';
import type { QuoteRequest } from '@registry/contracts/orders';
import { PAID_FLOW_MESSAGES, type PaidAction } from '@registry/paid-flow';
import { recheckAvailability } from '../api/checkout-api';
import type { Minted } from './use-minted-dialog';

/** Marks the cart's names someone else bought, as the server's taken-check says. */
async function flagTakenNames(names: string[]) {
  const check = await recheckAvailability(names);
  if (check.ok && check.taken.length > 0) bus.emit('cart:sold-out', { itemNames: check.taken });
}

type PaymentInput = {
  order: QuoteRequest;
  names: string[];
  paid: PaidAction;
  walletPaired: boolean;
  onMinted: (minted: Minted) => void;
};

/**
 * Proceed to Payment: availability re-check, then the paid flow. A name taken meanwhile is a
 * conflict; a payment made but not confirmed is confirmed on the next try (and as soon as the wallet
 * is back after a reload), never made again.
 */
export function useCheckoutPayment({ order, names, paid, walletPaired, onMinted }: PaymentInput) {
  const { run, reset, unconfirmed } = paid;
  const [conflict, setConflict] = useState(false);
  const [checking, setChecking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [confirmFailed, setConfirmFailed] = useState(false);

  const pay = useCallback(async () => {
    setPaying(true);
    setConfirmFailed(false);
    const outcome = await run(order);
    if (!outcome) return;
    if (outcome.ok) {
      setPaying(false);
      onMinted({
        names: outcome.confirmation.resData.map((line) => line.itemName),
        delivered: outcome.delivered,
      });
      return;
    }
    if (outcome.error === PAID_FLOW_MESSAGES.takenBeforePayment) {
      setPaying(false);
      setConflict(true);
      void flagTakenNames(names);
      return;
    }
    if (outcome.progress.transactionId) {
      // Paid, not confirmed: the spec's failure dialog, progress reset; the journal keeps the payment,
      // so the next Proceed to Payment confirms it instead of paying again.
      reset();
      setPaying(false);
      setConfirmFailed(true);
    }
    // Otherwise (the wallet refused, no wallet, a quote failure) the dialog shows why.
  }, [run, reset, order, names, onMinted]);

  const resumed = useRef(false);
  useEffect(() => {
    if (!walletPaired || resumed.current || !unconfirmed()) return;
    resumed.current = true;
    void pay();
  }, [walletPaired, unconfirmed, pay]);

  const proceed = async () => {
    if (unconfirmed()) return pay();
    setChecking(true);
    const check = await recheckAvailability(names);
    setChecking(false);
    if (!check.ok) return bus.emit('toast', { kind: 'error', message: check.message });
    if (check.taken.length > 0) {
      bus.emit('cart:sold-out', { itemNames: check.taken });
      setConflict(true);
      return;
    }
    await pay();
  };

  return {
    proceed,
    checking,
    paying,
    closePayment: () => setPaying(false),
    conflict,
    nameTaken: () => {
      setConflict(true);
      void flagTakenNames(names);
    },
    closeConflict: () => setConflict(false),
    confirmFailed,
    closeConfirmFailed: () => setConfirmFailed(false),
  };
}
