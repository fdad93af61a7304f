import type { RecordField } from '@registry/contracts/records';
import { failureOf, type PaidAction } from '@registry/paid-flow';
import { myDomainsApi } from '../../../api/my-domains-api';
import type { RecordFailure } from './record-codes';

const UPDATE_FAILURES = {
  'bad-answer': 'update-bad-answer',
  status: 'update-status',
  network: 'update-network',
} as const satisfies Record<string, RecordFailure>;

/**
 * Spec section 4, record edit: post the update, pay the record fee through the wallet, then set the
 * status flag (statusSiteAddress for the web2 address, statusAssets for the others).
 */
export async function updateRecord(
  domain: string,
  field: RecordField,
  value: string,
  paid: Pick<PaidAction, 'run'>,
): Promise<{ ok: true } | { ok: false; failure: RecordFailure }> {
  try {
    await myDomainsApi.updateRecord(domain, field, value);
  } catch (error) {
    return { ok: false, failure: UPDATE_FAILURES[failureOf(error)] };
  }
  const outcome = await paid.run({ kind: 'record-fee', itemName: domain });
  if (!outcome) return { ok: false, failure: 'fee' };
  if (!outcome.ok) {
    if (outcome.failure === 'no-wallet') return { ok: false, failure: 'no-wallet' };
    return { ok: false, failure: outcome.failure === 'wallet' ? 'payment' : 'fee' };
  }
  try {
    await myDomainsApi.activateRecords(
      domain,
      field === 'siteAddress' ? 'statusSiteAddress' : 'statusAssets',
    );
  } catch {
    return { ok: false, failure: 'activation' };
  }
  return { ok: true };
}
