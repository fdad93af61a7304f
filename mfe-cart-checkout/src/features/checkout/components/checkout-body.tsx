import { bus } from '@registry/bus';
import { paths } from '@registry/contracts/routes';
import { PAID_FLOW_MESSAGES } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { EmptyState } from '@registry/ui/empty-state';
import { Spinner } from '@registry/ui/spinner';
import type { useWalletSession } from '@registry/wallet/wallet-session';
import type { PreviewResult } from '../api/checkout-api';
import { PurchaseDetails } from './purchase-details';

type CheckoutBodyProps = {
  walletStatus: ReturnType<typeof useWalletSession.getState>['status'];
  cartRestored: boolean;
  /** Nothing left to pay and nothing in flight: the empty cart's message. */
  empty: boolean;
  /** A payment is in flight or done: the page keeps its place meanwhile. */
  busy: boolean;
  preview: PreviewResult | null;
  onRetryPreview: () => void;
  conflict: boolean;
  checking: boolean;
  running: boolean;
  onProceed: () => void;
};

const go = (to: string) => bus.emit('navigate', { to });

/** What the checkout shows under its heading, from the wallet's state to the purchase details. */
export function CheckoutBody(props: CheckoutBodyProps) {
  const { walletStatus, cartRestored, empty, busy, preview } = props;
  if (walletStatus === 'restoring' || walletStatus === 'connecting' || !cartRestored)
    return <Spinner label="Loading…" />;
  if (walletStatus !== 'paired')
    return (
      <Card className="checkout-page__notice" role="status">
        <h2>{PAID_FLOW_MESSAGES.walletNotConnected.title}</h2>
        <p>{PAID_FLOW_MESSAGES.walletNotConnected.message}</p>
        <Button onClick={() => bus.emit('wallet:connect-requested', {})}>Connect Wallet</Button>
      </Card>
    );
  if (empty)
    return (
      <EmptyState
        message="No items found. Add items to cart to continue."
        action={<Button onClick={() => go(paths.home)}>Search Domains</Button>}
      />
    );
  if (preview === null && !busy) return <Spinner label="Fixing the price…" />;
  return (
    <div className="checkout-page__body">
      {preview?.kind === 'ready' ? <PurchaseDetails preview={preview.preview} /> : null}
      {preview?.kind === 'failed' ? (
        <div className="checkout-page__error" role="alert">
          <p>{preview.message}</p>
          <Button variant="ghost" onClick={props.onRetryPreview}>
            Try again
          </Button>
        </div>
      ) : null}
      <div className="checkout-page__actions">
        {props.conflict ? (
          <Button variant="ghost" onClick={() => go(paths.cart)}>
            Back
          </Button>
        ) : null}
        <Button
          onClick={props.onProceed}
          disabled={props.checking || props.running || props.conflict || preview?.kind !== 'ready'}
        >
          {props.checking ? 'Checking…' : 'Proceed to Payment'}
        </Button>
      </div>
    </div>
  );
}
