import { useId, useState, type FormEvent } from 'react';
import { formatTinybars, hbarToTinybars } from '@registry/contracts/hbar';
import { checkSendAmount } from '@registry/contracts/send-hbar';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { RecipientField, useRecipient } from '@registry/ui/recipient';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { PAYMENT_RESULT } from '@registry/wallet/wallet-port';

type Step = 'form' | 'checking' | 'signing' | 'sent';

type Sent = { to: string; accountId: string; tinybars: bigint; transactionId: string | null };

/**
 * Sends HBAR from the connected wallet to a name or an account id. A name shows the account it
 * resolves to before the wallet signs; a name that points to no account, the sender's own account and
 * an amount beyond the balance are refused first.
 */
export function SendHbarModal({ accountId, onClose }: { accountId: string; onClose: () => void }) {
  const loadWallet = useWalletSession((session) => session.adapter);
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<Step>('form');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const recipient = useRecipient(to, accountId);
  const amountId = useId();
  const busy = step === 'checking' || step === 'signing';

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setStep('checking');
    const fail = (message: string) => {
      setStep('form');
      setError(message);
    };
    if (!to.trim()) return fail('Enter a name such as alice.hbar or an account id such as 0.0.1234');
    const found = await recipient.settle();
    if (!found.ok) return fail(found.message);
    const wallet = await loadWallet().catch(() => null);
    if (!wallet) return fail('Connect your wallet first');
    const balance = await wallet.balance().catch(() => null);
    if (balance === null) return fail('Your balance could not be read; try again');
    const checked = checkSendAmount(amount, hbarToTinybars(balance));
    if (!checked.ok) return fail(checked.message);
    setStep('signing');
    const outcome = await wallet
      .pay({ to: found.recipient.accountId, amountTinybars: checked.tinybars, memo: '' })
      .catch(() => ({ result: PAYMENT_RESULT.exception, status: undefined, transactionId: undefined }));
    if (outcome.result !== PAYMENT_RESULT.success)
      return fail(
        outcome.result === PAYMENT_RESULT.failure
          ? `Nothing was sent${outcome.status ? ` (${outcome.status})` : ''}`
          : 'The wallet could not send the payment; nothing was sent',
      );
    setSent({
      to: found.recipient.name ?? found.recipient.accountId,
      accountId: found.recipient.accountId,
      tinybars: checked.tinybars,
      transactionId: outcome.transactionId ?? null,
    });
    setStep('sent');
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title="Send HBAR"
    >
      {step === 'sent' && sent ? (
        <div className="send-hbar" role="status" data-testid="send-hbar-sent">
          <p>
            Sent {formatTinybars(sent.tinybars)} HBAR to <span className="send-hbar__strong">{sent.to}</span>
            {sent.to !== sent.accountId ? ` (${sent.accountId})` : ''}.
          </p>
          {sent.transactionId ? <p className="send-hbar__note">Transaction {sent.transactionId}</p> : null}
          <div className="send-hbar__actions">
            <Button type="button" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form className="send-hbar" onSubmit={(event) => void send(event)} noValidate>
          <RecipientField
            label="To: a name or an account id"
            value={to}
            onChange={(value) => {
              setTo(value);
              setError(null);
            }}
            lookup={recipient}
            failed={error !== null}
            disabled={busy}
          />
          <label htmlFor={amountId}>Amount (HBAR)</label>
          <input
            id={amountId}
            className="ui-input"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            placeholder="5"
            autoComplete="off"
            disabled={busy}
          />
          {step === 'checking' ? <p role="status">Checking the receiver and your balance…</p> : null}
          {step === 'signing' ? <p role="status">Approve the payment in your wallet…</p> : null}
          {error ? <p role="alert">{error}</p> : null}
          <div className="send-hbar__actions">
            <Button type="submit" disabled={busy}>
              Send
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
