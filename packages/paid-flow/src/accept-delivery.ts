import type { ApiClient } from '@registry/api-client/client';
import type { DeliveryCheckResponse } from '@registry/contracts/orders';
import type { WalletPort } from '@registry/wallet/wallet-port';

/**
 * Delivery of paid names waits for the wallet to accept their collection: associate each collection
 * once, then ask the server to deliver what waited for it.
 */
export async function acceptDelivery(
  api: Pick<ApiClient, 'getDomainDetails' | 'checkDeliveries'>,
  wallet: Pick<WalletPort, 'associateToken'>,
  names: string[],
): Promise<DeliveryCheckResponse> {
  const tokenIds = new Set<string>();
  for (const name of names) {
    const { tokenId } = await api.getDomainDetails(name);
    if (tokenId) tokenIds.add(tokenId);
  }
  for (const tokenId of tokenIds) await wallet.associateToken(tokenId);
  return api.checkDeliveries();
}
