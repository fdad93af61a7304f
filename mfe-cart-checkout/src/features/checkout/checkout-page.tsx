import { useMemo } from 'react';
import { useCartStore } from '@registry/cart/cart-store';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';
import { sessionJournal, usePaidAction } from '@registry/paid-flow';
import { PageHeading } from '@registry/ui/page-heading';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { cartOrder, checkoutApi } from './api/checkout-api';
import { CheckoutBody } from './components/checkout-body';
import { CheckoutDialogs } from './components/checkout-dialogs';
import { useCheckoutPayment } from './hooks/use-checkout-payment';
import { useCheckoutPreview } from './hooks/use-checkout-preview';
import { useMintedDialog } from './hooks/use-minted-dialog';
import './checkout-page.css';

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
  const names = useMemo(() => order.items.map((item) => item.itemName), [order]);

  const journal = useMemo(() => sessionJournal('checkout'), []);
  const paid = usePaidAction({ api: checkoutApi, wallet: adapter, journal });
  const { minted, show: showMinted, finish } = useMintedDialog();
  const payment = useCheckoutPayment({
    order,
    names,
    paid,
    walletPaired: status === 'paired',
    onMinted: showMinted,
  });
  const { preview, retry } = useCheckoutPreview({
    order,
    askAgainWhen: `${status} ${restored} ${JSON.stringify(order)}`,
    // A payment made before a reload is confirmed first: its names are no longer for sale.
    wanted: () => status === 'paired' && restored && order.items.length > 0 && !minted && !paid.unconfirmed(),
    onTaken: payment.nameTaken,
  });

  return (
    <section data-page="checkout" className="checkout-page">
      <PageHeading {...PAGE_HEADINGS.checkout} />
      <CheckoutBody
        walletStatus={status}
        cartRestored={restored}
        empty={order.items.length === 0 && !minted && !payment.paying}
        busy={payment.paying || minted !== null}
        preview={preview}
        onRetryPreview={retry}
        conflict={payment.conflict}
        checking={payment.checking}
        running={paid.running}
        onProceed={() => void payment.proceed()}
      />
      <CheckoutDialogs
        paid={paid}
        paying={payment.paying}
        onPayingClosed={payment.closePayment}
        conflict={payment.conflict}
        onConflictClosed={payment.closeConflict}
        confirmFailed={payment.confirmFailed}
        onConfirmFailedClosed={payment.closeConfirmFailed}
        minted={minted}
        onMintedClosed={finish}
      />
    </section>
  );
}
