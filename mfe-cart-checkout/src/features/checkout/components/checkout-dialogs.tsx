import { bus } from '@registry/bus';
import { paths } from '@registry/contracts/routes';
import { PAID_FLOW_MESSAGES, PaidActionProgress, type PaidAction } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { CHECKOUT_MESSAGES } from '../checkout-messages';
import type { Minted } from '../hooks/use-minted-dialog';

type CheckoutDialogsProps = {
  paid: PaidAction;
  paying: boolean;
  onPayingClosed: () => void;
  conflict: boolean;
  onConflictClosed: () => void;
  confirmFailed: boolean;
  onConfirmFailedClosed: () => void;
  minted: Minted | null;
  onMintedClosed: () => void;
};

const backToCart = () => bus.emit('navigate', { to: paths.cart });

/** The checkout's dialogs: the payment's progress, a name taken meanwhile, a failed confirmation, success. */
export function CheckoutDialogs({
  paid,
  paying,
  onPayingClosed,
  conflict,
  onConflictClosed,
  confirmFailed,
  onConfirmFailedClosed,
  minted,
  onMintedClosed,
}: CheckoutDialogsProps) {
  return (
    <>
      <Modal
        open={paying}
        onOpenChange={(open) => !open && !paid.running && onPayingClosed()}
        title="Payment"
      >
        <PaidActionProgress action={paid} label="Payment progress" />
      </Modal>
      <Modal
        open={conflict && !paying && minted === null}
        onOpenChange={(open) => !open && onConflictClosed()}
        title={PAID_FLOW_MESSAGES.takenBeforePayment.title}
        description={PAID_FLOW_MESSAGES.takenBeforePayment.message}
      >
        <Button onClick={backToCart}>Back</Button>
      </Modal>
      <Modal
        open={confirmFailed}
        onOpenChange={(open) => !open && onConfirmFailedClosed()}
        title={CHECKOUT_MESSAGES.confirmFailed}
      >
        <p>Your payment was received; Proceed to Payment confirms it again without paying twice.</p>
      </Modal>
      <Modal
        open={minted !== null}
        onOpenChange={(open) => !open && onMintedClosed()}
        title={CHECKOUT_MESSAGES.minted}
      >
        <p>{minted?.names.join(', ')}</p>
      </Modal>
    </>
  );
}
