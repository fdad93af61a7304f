import { PAYMENT_RESULT, type WalletPort } from '@registry/wallet/wallet-port';
import { myDomainsApi } from '../../../api/my-domains-api';

export type TransferStep = 'checking' | 'signing' | 'reading';

export type TransferOutcome = { ok: true; owner: string | null } | { ok: false; message: string };

/**
 * Sends a domain's NFT to `to`: the server checks the receiver can hold it, the wallet signs the
 * transfer, and the registry reads the new holder from the ledger. `onStep` follows each step.
 */
export async function transferDomain(
  domainName: string,
  to: string,
  loadWallet: () => Promise<WalletPort | null>,
  onStep: (step: TransferStep) => void,
): Promise<TransferOutcome> {
  onStep('checking');
  const plan = await myDomainsApi.prepareTransfer(domainName, to);
  onStep('signing');
  const wallet = await loadWallet();
  if (!wallet) return { ok: false, message: 'Connect your wallet first' };
  const sent = await wallet.transferNft(plan);
  if (sent.result !== PAYMENT_RESULT.success)
    return {
      ok: false,
      message:
        sent.result === PAYMENT_RESULT.failure
          ? `The transfer was not made${sent.status ? ` (${sent.status})` : ''}`
          : 'The wallet could not send the transfer; try again',
    };
  onStep('reading');
  const holder = await myDomainsApi.refreshHolder(domainName);
  return { ok: true, owner: holder.owner };
}
