import { useEffect, useRef } from 'react';
import { bus } from '@registry/bus';
import { paths } from '@registry/contracts/routes';
import { PaidActionProgress, usePaidAction } from '@registry/paid-flow';
import { Modal } from '@registry/ui/modal';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { claimApi, claimJournal } from '../api/claim-api';

/** Pays for the claimed name through the paid flow, showing its stages; success goes to Pending. */
export default function ClaimPayment({ name, onClose }: { name: string; onClose: () => void }) {
  const adapter = useWalletSession((session) => session.adapter);
  const paid = usePaidAction({ api: claimApi, wallet: adapter, journal: claimJournal });
  const started = useRef(false);
  const { run } = paid;

  useEffect(() => {
    // Once per dialog, also under StrictMode's double effects: a claim is never paid twice.
    if (started.current) return;
    started.current = true;
    void run({ kind: 'claim', itemName: name }).then((outcome) => {
      if (outcome?.ok) bus.emit('navigate', { to: paths.pending });
    });
  }, [name, run]);

  return (
    <Modal open onOpenChange={(open) => !open && !paid.running && onClose()} title={`Claiming ${name}`}>
      <PaidActionProgress action={paid} label="Claim progress" />
    </Modal>
  );
}
