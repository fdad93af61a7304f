import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import type { DomainRecords } from '@registry/contracts/records';
import { PaymentStatus, sessionJournal } from '@registry/paid-flow';
import { Spinner } from '@registry/ui/spinner';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../../../api/my-domains-api';
import { RecordModal } from './record-modal';
import { RECORD_FEE_WARNING, recordValue, type RecordRow } from '../record-rows';
import { RecordsTable } from './records-table';
import '../records.css';

/** 'Web3 Domain Records' of a domain the account manages (its own, or another provider's). */
export function RecordsManager({ domain, provider }: { domain: string; provider: 'own' | 'other' }) {
  const accountId = useWalletSession((session) => session.accountId);
  const [records, setRecords] = useState<DomainRecords | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<RecordRow | null>(null);
  // A record fee paid before a reload is kept, and the page shows where its payment stands.
  const journal = useMemo(() => sessionJournal(`records:${domain}`), [domain]);

  const load = useCallback(async () => {
    try {
      setRecords(await myDomainsApi.getRecords(domain));
      setError(null);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.code === 'NOT_SUBSCRIBED'
          ? 'Managing records needs an active subscription: subscribe from the domain’s page.'
          : failure instanceof ApiRequestError && failure.status === 404
            ? `${domain} is not one of your domains.`
            : 'The records could not be loaded. Reload the page to try again.',
      );
    }
  }, [domain]);

  useEffect(() => {
    if (accountId) void load();
  }, [accountId, load]);

  if (error) return <p role="alert">{error}</p>;
  if (!records) return <Spinner label="Loading the records…" />;
  return (
    <section className="records" aria-labelledby="records-heading">
      <h2 id="records-heading">Web3 Domain Records</h2>
      <p className="records__warning">{RECORD_FEE_WARNING}</p>
      <PaymentStatus journal={journal} api={myDomainsApi} onSettled={() => void load()} />
      <RecordsTable records={records} onEdit={setEditing} />
      {editing ? (
        <RecordModal
          domain={domain}
          row={editing}
          current={recordValue(records, editing.field)}
          provider={provider}
          journal={journal}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      ) : null}
    </section>
  );
}
