import type { ApiClient } from '@registry/api-client/client';
import type { DeliveryCheckResponse } from '@registry/contracts/orders';
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
  return api.checkDeliveries();
}
