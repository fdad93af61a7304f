import { ApiRequestError, createApiClient } from '@registry/api-client/client';
import type { AvailabilityResponse } from '@registry/contracts/domains';
import { AVAILABILITY_STATUS } from '@registry/contracts/status-codes';
import { SEARCH_MESSAGES } from '../../../api/search-messages';

const api = createApiClient();

export type SearchResult =
  | { kind: 'domain'; availability: AvailabilityResponse }
  | { kind: 'subdomain'; name: string; parent: string; taken: boolean }
  | { kind: 'error'; message: string };

/** A top-level name: its availability, or the spec's error for a network that is down. */
export async function searchDomain(fullName: string): Promise<SearchResult> {
  try {
    const availability = await api.checkAvailability(fullName);
    if (availability.status === AVAILABILITY_STATUS.networkDown) {
      return {
        kind: 'error',
        message:
          availability.msg === 'HCS-DOWN' ? SEARCH_MESSAGES.mintingPaused : SEARCH_MESSAGES.networkError,
      };
    }
    return { kind: 'domain', availability };
  } catch (error) {
    // Prices are USD paid at the HBAR rate: with no rate there is no price, and the server says why.
    if (error instanceof ApiRequestError && error.code === 'RATE_UNAVAILABLE')
      return { kind: 'error', message: error.message };
    return { kind: 'error', message: SEARCH_MESSAGES.networkError };
  }
}

/** A three-label name: its parent must exist (checked through the resolver), then whether it is taken. */
export async function searchSubdomain(fullName: string, parent: string): Promise<SearchResult> {
  try {
    // Spec: the parent must exist with a serial number; read "greater than 1" as at least 1, since the
    // first name of each collection has serial 1. A parent still being minted has none yet.
    const { serialNo } = await api.resolveDomain(parent);
    if (serialNo === null || serialNo < 1)
      return { kind: 'error', message: SEARCH_MESSAGES.parentMissing(parent) };
  } catch (error) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return {
      kind: 'error',
      message: missing ? SEARCH_MESSAGES.parentMissing(parent) : SEARCH_MESSAGES.parentLookupFailed,
    };
  }
  try {
    const { taken } = await api.findTakenNames([fullName]);
    return { kind: 'subdomain', name: fullName, parent, taken: taken.length > 0 };
  } catch {
    return { kind: 'error', message: SEARCH_MESSAGES.networkError };
  }
}
