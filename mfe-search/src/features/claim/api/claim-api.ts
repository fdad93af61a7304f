import { ApiRequestError, createApiClient } from '@registry/api-client/client';
import { sessionJournal } from '@registry/paid-flow';
import { CLAIM_MESSAGES, CLAIM_PAGE_MESSAGES, CLAIM_STATUS } from '@registry/contracts/orders';
import { SEARCH_MESSAGES } from '../../../api/search-messages';
import { AVAILABILITY_STATUS } from '@registry/contracts/status-codes';

export const claimApi = createApiClient();

/** The claim's payment, kept across a reload so the page can show where it stands. */
export const claimJournal = sessionJournal('claim');

export type ClaimCheck =
  | { kind: 'claimable'; name: string; price: number }
  | { kind: 'refused'; message: string; signedOut?: boolean };

const refused = (message: string, signedOut = false): ClaimCheck => ({ kind: 'refused', message, signedOut });

/**
 * Spec section 4: eligibility first (CLAIM_STATUS: not eligible, already claimed, eligible), then the
 * name's availability; a failed look-up is 'Something went wrong, Try again'.
 */
export async function checkClaim(name: string): Promise<ClaimCheck> {
  let status: number;
  try {
    ({ status } = await claimApi.getClaimEligibility());
  } catch (error) {
    // No session on the server (expired or signed out elsewhere): the wallet must connect again.
    if (error instanceof ApiRequestError && error.status === 401)
      return refused(CLAIM_PAGE_MESSAGES.connectWallet, true);
    return refused(CLAIM_PAGE_MESSAGES.lookupFailed);
  }
  if (status === CLAIM_STATUS.alreadyClaimed) return refused(CLAIM_MESSAGES.alreadyClaimed);
  if (status !== CLAIM_STATUS.eligible) return refused(CLAIM_MESSAGES.notEligible);
  try {
    const availability = await claimApi.checkAvailability(name);
    if (availability.status === AVAILABILITY_STATUS.networkDown)
      return refused(
        availability.msg === 'HCS-DOWN' ? SEARCH_MESSAGES.mintingPaused : SEARCH_MESSAGES.networkError,
      );
    if (!availability.available || availability.price === null)
      return refused(`${name}: ${availability.reserved ? 'Reserved' : 'Not available'}`);
    return { kind: 'claimable', name, price: availability.price };
  } catch {
    return refused(CLAIM_PAGE_MESSAGES.lookupFailed);
  }
}
