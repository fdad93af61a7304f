import type { ApiClient } from '@registry/api-client/client';
import { DELIVERED_STATUS, type DeliveryCheckResponse } from '@registry/contracts/orders';
import type { WalletPort } from '@registry/wallet/wallet-port';

/**
 * How long a paid name's collection is waited for: on the Hedera network the registry mints in the
 * background (and creates a domain's collection at its first sale), so a name may have no token yet
 * when the payment is confirmed.
 */
export const MINT_WAIT_MS = 30_000;
const MINT_POLL_MS = 1_000;

/**
 * Delivery of paid names waits for the wallet to accept their collection: associate each collection
 * once (waiting for a name's mint when it has none yet), then ask the server to deliver what waited.
 */
export async function acceptDelivery(
  api: Pick<ApiClient, 'getDomainDetails' | 'checkDeliveries'>,
  wallet: Pick<WalletPort, 'associateToken'>,
  names: string[],
  { mintWaitMs = MINT_WAIT_MS, pollMs = MINT_POLL_MS }: { mintWaitMs?: number; pollMs?: number } = {},
): Promise<DeliveryCheckResponse> {
  const tokenIds = new Set<string>();
  const deadline = Date.now() + mintWaitMs;
  for (const name of names) {
    let { tokenId } = await api.getDomainDetails(name);
    while (!tokenId && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      ({ tokenId } = await api.getDomainDetails(name));
    }
    if (tokenId) tokenIds.add(tokenId);
  }
  for (const tokenId of tokenIds) await wallet.associateToken(tokenId);
  const check = await api.checkDeliveries();
  // The registry's own re-check may deliver a name between the association and this call: the server
  // then no longer counts it as waiting, but it is delivered all the same.
  const answered = new Set([...check.delivered, ...(check.pending ?? [])]);
  const deliveredMeanwhile: string[] = [];
  for (const name of names.filter((each) => !answered.has(each))) {
    if ((await api.getDomainDetails(name)).status === DELIVERED_STATUS) deliveredMeanwhile.push(name);
  }
  return { ...check, delivered: [...check.delivered, ...deliveredMeanwhile] };
}
