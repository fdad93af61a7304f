import type { Signer, Transaction } from '@hashgraph/sdk';
import { AccountWallet } from './account-wallet';
import { executeWithWallet, mirrorBalance } from './signer-wallet';
import type { WalletConnectOptions } from './wallet-connect-options';
import { PAYMENT_RESULT, type PaymentOutcome } from './wallet-port';

/**
 * What HashPack and Blade share: a paired account, an SDK Signer from the wallet for payments and
 * associations, balances from the mirror node.
 */
export abstract class RemoteSignerWallet extends AccountWallet {
  protected account: string | null = null;

  constructor(protected readonly options: WalletConnectOptions) {
    super();
  }

  /** The wallet's signer for the paired account, or null before pairing. */
  protected abstract signer(): Signer | null;

  accountId() {
    return this.account;
  }

  /** The session ended (by the wallet or by `disconnect`). */
  protected sessionEnded() {
    this.account = null;
    this.announceDisconnect();
  }

  async balance() {
    if (!this.account) throw new Error('Wallet not connected');
    return mirrorBalance(this.options.mirrorNodeUrl, this.account);
  }

  protected async execute(transaction: Transaction): Promise<PaymentOutcome> {
    const signer = this.signer();
    if (!signer) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(signer, transaction, this.options.mirrorNodeUrl);
  }
}
