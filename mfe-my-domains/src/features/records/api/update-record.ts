import { ApiRequestError, INVALID_OPERATION_STATUS } from '@registry/api-client/client';
import type { RecordField } from '@registry/contracts/records';
import type { PaidAction } from '@registry/paid-flow/use-paid-action';
import { myDomainsApi } from '../../../api/my-domains-api';
import type { RecordFailure } from './record-codes';

const updateFailure = (error: unknown): RecordFailure =>
  error instanceof ApiRequestError
    ? error.status === INVALID_OPERATION_STATUS
      ? 'update-bad-answer'
      : 'update-status'
    : 'update-network';

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
    return { ok: false, failure: updateFailure(error) };
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
