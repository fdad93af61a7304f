import { useId, useState, type FormEvent } from 'react';
import { recordUrlError } from '@registry/contracts/fields';
import { defaultSiteAddress } from '@registry/contracts/records';
import { PaidActionProgress, usePaidAction, type PaymentJournal } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../../../api/my-domains-api';
import { recordFailureMessage, type RecordMessage } from '../api/record-codes';
import { updateRecord } from '../api/update-record';
import { RECORD_FEE_WARNING, type RecordRow } from '../record-rows';

/**
 * 'Set Web2 Asset' (the first row) or 'Set Asset' (the others): a Full URL, then Update runs the
 * update, the fee payment and the activation; the table reloads and the modal closes when done.
 */
export function RecordModal({
  domain,
  row,
  current,
  provider,
  journal,
  onClose,
  onSaved,
}: {
  domain: string;
  row: RecordRow;
  current: string | null;
  provider: 'own' | 'other';
  /** Keeps the fee's payment across a reload, so the page can show where it stands. */
  journal?: PaymentJournal;
  onClose: () => void;
  onSaved: () => void;
}) {
  const inputId = useId();
  const isWeb2 = row.field === 'siteAddress';
  const [value, setValue] = useState(current ?? (isWeb2 ? defaultSiteAddress(domain) : ''));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<RecordMessage | null>(null);
  const [working, setWorking] = useState(false);
  const adapter = useWalletSession((session) => session.adapter);
  const paid = usePaidAction({ api: myDomainsApi, wallet: adapter, ...(journal ? { journal } : {}) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const url = value.trim();
    const error = recordUrlError(url);
    if (error) return setInvalid(error);
    setFailure(null);
    setWorking(true);
    const result = await updateRecord(domain, row.field, url, paid);
    setWorking(false);
    if (result.ok) return onSaved();
    setFailure(recordFailureMessage(result.failure, row.field, provider));
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !working && onClose()}
      title={isWeb2 ? 'Set Web2 Asset' : 'Set Asset'}
      description={`${row.label} of ${domain}`}
    >
      <form className="record-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={inputId}>Full URL</label>
        <input
          id={inputId}
          className="ui-input"
          type="url"
          inputMode="url"
          maxLength={2048}
          value={value}
          aria-invalid={invalid !== null}
          aria-describedby={invalid ? `${inputId}-message` : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setInvalid(null);
          }}
        />
        {invalid ? (
          <p id={`${inputId}-message`} className="record-form__message" role="alert">
            {invalid}
          </p>
        ) : null}
        <p className="record-form__warning">{RECORD_FEE_WARNING}</p>
        {working ? <PaidActionProgress action={paid} label="Record change progress" /> : null}
        {failure ? (
          <div className="record-form__failure" role="alert">
            <p>{failure.title}</p>
            {failure.message ? <p>{failure.message}</p> : null}
          </div>
        ) : null}
        <div className="record-form__actions">
          <Button type="submit" disabled={working}>
            {working ? 'Updating…' : 'Update'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
