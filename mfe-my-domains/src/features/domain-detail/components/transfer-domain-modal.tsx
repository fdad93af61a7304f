import { useState, type FormEvent } from 'react';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { RecipientField, useRecipient } from '@registry/ui/recipient';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { transferDomain, type TransferStep } from '../api/transfer-domain';

type Step = 'idle' | TransferStep | 'done';

const STEP_TEXT: Record<Step, string> = {
  idle: '',
  checking: 'Checking that the receiver can hold the domain…',
  signing: 'Approve the transfer in your wallet…',
  reading: 'Reading the new holder from the ledger…',
  done: '',
};

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong; try again';

type TransferDomainModalProps = {
  domainName: string;
  onClose: () => void;
  /** The transfer is made; `owner` is the holder the ledger now shows. */
  onSent: (owner: string) => void;
};

/**
 * Sends a domain's NFT to another account, typed as an account id or a name (shown resolved before
 * anything is signed): the server checks the receiver can hold it, the wallet signs the transfer,
 * and the registry reads the new holder from the ledger.
 */
export function TransferDomainModal({ domainName, onClose, onSent }: TransferDomainModalProps) {
  const loadWallet = useWalletSession((session) => session.adapter);
  const sender = useWalletSession((session) => session.accountId);
  const [receiver, setReceiver] = useState('');
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [owner, setOwner] = useState<string | null>(null);
  const recipient = useRecipient(receiver, sender);
  const busy = step !== 'idle' && step !== 'done';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const to = await recipient.settle();
    if (!to.ok) return setError(to.message);
    const outcome = await transferDomain(domainName, to.recipient.accountId, loadWallet, setStep).catch(
      (failure: unknown) => ({ ok: false as const, message: messageOf(failure) }),
    );
    if (!outcome.ok) {
      setStep('idle');
      return setError(outcome.message);
    }
    setOwner(outcome.owner);
    setStep('done');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (open || busy) return;
        if (step === 'done' && owner) onSent(owner);
        else onClose();
      }}
      title={`Transfer ${domainName}`}
    >
      {step === 'done' ? (
        <p role="status" className="transfer-domain__done">
          Sent. {domainName} now belongs to {owner ?? 'nobody'}; its records go with it.
        </p>
      ) : (
        <form className="transfer-domain" onSubmit={(event) => void send(event)}>
          <p>
            The domain's NFT moves to the receiver's wallet: they own and manage it from then on, and you no
            longer can. The receiver must have associated the collection first.
          </p>
          <RecipientField
            label="Receiver: a name or an account id"
            className="transfer-domain__input"
            value={receiver}
            onChange={(value) => {
              setReceiver(value);
              setError(null);
            }}
            lookup={recipient}
            failed={error !== null}
            disabled={busy}
          />
          {busy ? <p role="status">{STEP_TEXT[step]}</p> : null}
          {error ? <p role="alert">{error}</p> : null}
          <div className="paid-domain__actions">
            <Button type="submit" disabled={busy}>
              Send domain
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
