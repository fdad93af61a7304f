import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { bus } from '@registry/bus';
import { useCartStore } from '@registry/cart/cart-store';
import { paths } from '@registry/contracts/routes';
import { PAID_FLOW_MESSAGES, PaidActionProgress, sessionJournal, usePaidAction } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { EmptyState } from '@registry/ui/empty-state';
import { Modal } from '@registry/ui/modal';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { destinationAfterPurchase } from './after-purchase';
import {
  cartOrder,
  checkoutApi,
  previewCheckout,
  recheckAvailability,
  type PreviewResult,
} from './api/checkout-api';
import { CHECKOUT_MESSAGES, SUCCESS_DIALOG_MS } from './checkout-messages';
import { PurchaseDetails } from './components/purchase-details';
import './checkout-page.css';

const go = (to: string) => bus.emit('navigate', { to });
const toastError = (message: string) => bus.emit('toast', { kind: 'error', message });

/** Marks the cart's names someone else bought, as the server's taken-check says. */
async function flagTakenNames(names: string[]) {
  const check = await recheckAvailability(names);
  if (check.ok && check.taken.length > 0) bus.emit('cart:sold-out', { itemNames: check.taken });
}

type Minted = { names: string[]; delivered: string[] };

/**
 * Checkout (spec sections 2 and 4): the purchase details with the buyer's discounts, then Proceed to
 * Payment: availability re-check, the wallet's payment, the server's confirmation and delivery. A
 * payment made before a reload or a failed confirmation is confirmed, never made again.
 */
export function CheckoutPage() {
  const items = useCartStore((cart) => cart.items);
  const restored = useCartStore((cart) => cart.restored);
  const status = useWalletSession((session) => session.status);
  const adapter = useWalletSession((session) => session.adapter);
  const order = useMemo(() => cartOrder(items), [items]);
  const orderKey = JSON.stringify(order);
  const names = useMemo(() => order.items.map((item) => item.itemName), [order]);

  const journal = useMemo(() => sessionJournal('checkout'), []);
  const paid = usePaidAction({ api: checkoutApi, wallet: adapter, journal });
  const { run, reset, unconfirmed } = paid;

  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [previewAttempt, setPreviewAttempt] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [checking, setChecking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [confirmFailed, setConfirmFailed] = useState(false);
  const [minted, setMinted] = useState<Minted | null>(null);

  useEffect(() => {
    // A payment made before a reload is confirmed first: its names are no longer for sale.
    if (status !== 'paired' || !restored || order.items.length === 0 || minted || unconfirmed()) return;
    let current = true;
    setPreview(null);
    void previewCheckout(order).then((result) => {
      if (!current) return;
      setPreview(result);
      if (result.kind === 'taken') {
        setConflict(true);
        void flagTakenNames(names);
      }
    });
    return () => {
      current = false;
    };
    // The order's content, not its identity, decides when to ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, restored, orderKey, previewAttempt]);

  const pay = useCallback(async () => {
    setPaying(true);
    setConfirmFailed(false);
    const outcome = await run(order);
    if (!outcome) return;
    if (outcome.ok) {
      setPaying(false);
      setMinted({
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
  }, [run, reset, order, names]);

  // A payment made before the page was reloaded is confirmed as soon as the wallet is back.
  const resumed = useRef(false);
  useEffect(() => {
    if (status !== 'paired' || resumed.current || !unconfirmed()) return;
    resumed.current = true;
    void pay();
  }, [status, unconfirmed, pay]);

  const proceed = async () => {
    if (unconfirmed()) return pay();
    setChecking(true);
    const check = await recheckAvailability(names);
    setChecking(false);
    if (!check.ok) return toastError(check.message);
    if (check.taken.length > 0) {
      bus.emit('cart:sold-out', { itemNames: check.taken });
      setConflict(true);
      return;
    }
    await pay();
  };

  const finish = useCallback(() => {
    if (!minted) return;
    const destination = destinationAfterPurchase(minted.names, minted.delivered);
    setMinted(null);
    bus.emit('cart:clear', {});
    if (destination.message) bus.emit('toast', { kind: 'success', message: destination.message });
    go(destination.to);
  }, [minted]);

  useEffect(() => {
    if (!minted) return;
    const timer = setTimeout(finish, SUCCESS_DIALOG_MS);
    return () => clearTimeout(timer);
  }, [minted, finish]);

  const body = () => {
    if (status === 'restoring' || status === 'connecting' || !restored) return <Spinner label="Loading…" />;
    if (status !== 'paired')
      return (
        <Card className="checkout-page__notice" role="status">
          <h2>{PAID_FLOW_MESSAGES.walletNotConnected.title}</h2>
          <p>{PAID_FLOW_MESSAGES.walletNotConnected.message}</p>
          <Button onClick={() => bus.emit('wallet:connect-requested', {})}>Connect Wallet</Button>
        </Card>
      );
    if (order.items.length === 0 && !minted && !paying)
      return (
        <EmptyState
          message="No items found. Add items to cart to continue."
          action={<Button onClick={() => go(paths.home)}>Search Domains</Button>}
        />
      );
    if (preview === null && !paying && !minted) return <Spinner label="Fixing the price…" />;
    return (
      <div className="checkout-page__body">
        {preview?.kind === 'ready' ? <PurchaseDetails preview={preview.preview} /> : null}
        {preview?.kind === 'failed' ? (
          <div className="checkout-page__error" role="alert">
            <p>{preview.message}</p>
            <Button variant="ghost" onClick={() => setPreviewAttempt((attempt) => attempt + 1)}>
              Try again
            </Button>
          </div>
        ) : null}
        <div className="checkout-page__actions">
          {conflict ? (
            <Button variant="ghost" onClick={() => go(paths.cart)}>
              Back
            </Button>
          ) : null}
          <Button
            onClick={() => void proceed()}
            disabled={checking || paid.running || conflict || preview?.kind !== 'ready'}
          >
            {checking ? 'Checking…' : 'Proceed to Payment'}
          </Button>
        </div>
      </div>
    );
  };

  return (
    <section data-page="checkout" className="checkout-page">
      <PageHeading title="Checkout" back={{ to: paths.cart, label: 'Back to Cart' }} />
      {body()}

      <Modal
        open={paying}
        onOpenChange={(open) => !open && !paid.running && setPaying(false)}
        title="Payment"
      >
        <PaidActionProgress action={paid} label="Payment progress" />
      </Modal>
      <Modal
        open={conflict && !paying && minted === null}
        onOpenChange={(open) => !open && setConflict(false)}
        title={PAID_FLOW_MESSAGES.takenBeforePayment.title}
        description={PAID_FLOW_MESSAGES.takenBeforePayment.message}
      >
        <Button onClick={() => go(paths.cart)}>Back</Button>
      </Modal>
      <Modal
        open={confirmFailed}
        onOpenChange={(open) => !open && setConfirmFailed(false)}
        title={CHECKOUT_MESSAGES.confirmFailed}
      >
        <p>Your payment was received; Proceed to Payment confirms it again without paying twice.</p>
      </Modal>
      <Modal
        open={minted !== null}
        onOpenChange={(open) => !open && finish()}
        title={CHECKOUT_MESSAGES.minted}
      >
        <p>{minted?.names.join(', ')}</p>
      </Modal>
    </section>
  );
}
