import { CLAIM_PAGE_MESSAGES } from '@registry/contracts/orders';
import { Modal } from '@registry/ui/modal';

/** Spec: a claim needs at least the price plus 0.2 HBAR in the wallet. */
export default function MinimumBalanceDialog({ amount, onClose }: { amount: string; onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={CLAIM_PAGE_MESSAGES.minimumBalanceTitle}
      description={CLAIM_PAGE_MESSAGES.minimumBalance(amount)}
    >
      {null}
    </Modal>
  );
}
