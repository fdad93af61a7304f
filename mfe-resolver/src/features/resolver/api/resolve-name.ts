import { ApiRequestError, INVALID_OPERATION_STATUS, type ApiClient } from '@registry/api-client/client';
import { RESOLVER_MESSAGES, resolvedAddress } from '@registry/contracts/records';

export type ResolveOutcome = { kind: 'redirect'; url: string } | { kind: 'message'; message: string };

/**
 * Spec section 4: the browser goes to the web2 address only when the record is active (status 2) and
 * the address is set; otherwise the page says which of the two is missing.
 */
export async function resolveName(
  name: string,
  api: Pick<ApiClient, 'resolveDomain'>,
): Promise<ResolveOutcome> {
  let records;
  try {
    records = await api.resolveDomain(name);
  } catch (error) {
    if (!(error instanceof ApiRequestError))
      return { kind: 'message', message: RESOLVER_MESSAGES.networkError };
    if (error.status === INVALID_OPERATION_STATUS)
      return { kind: 'message', message: RESOLVER_MESSAGES.badAnswer };
    // A name nobody registered has no address either.
    if (error.status === 404) return { kind: 'message', message: RESOLVER_MESSAGES.noAddress };
    return { kind: 'message', message: RESOLVER_MESSAGES.networkError };
  }
  const target = resolvedAddress(records);
  return target.kind === 'address'
    ? { kind: 'redirect', url: target.url }
    : { kind: 'message', message: target.message };
}
