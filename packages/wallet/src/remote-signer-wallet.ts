import type { Signer } from '@hashgraph/sdk';
import type { WalletName } from '@registry/contracts/bus-events';
import {
  associateTransaction,
  executeWithWallet,
  mirrorBalance,
  nftTransferTransaction,
  paymentTransaction,
} from './signer-wallet';
import type { WalletConnectOptions } from './wallet-connect-options';
import {
  createDisconnectEvent,
  PAYMENT_RESULT,
  type NftTransferRequest,
  type PaymentOutcome,
  type PaymentRequest,
  type WalletPort,
} from './wallet-port';

/**
 * What HashPack and Blade share: a paired account, an SDK Signer from the wallet for payments and
 * associations, balances from the mirror node and a disconnect event.
 */
export abstract class RemoteSignerWallet implements WalletPort {
  abstract readonly name: WalletName;
  protected account: string | null = null;
  private readonly disconnected = createDisconnectEvent();

  constructor(protected readonly options: WalletConnectOptions) {}

  abstract connect(): Promise<{ accountId: string }>;
  abstract disconnect(): Promise<void>;
  abstract signMessage(message: string): Promise<string>;
  /** The wallet's signer for the paired account, or null before pairing. */
  protected abstract signer(): Signer | null;

  accountId() {
    return this.account;
  }

  onDisconnect(listener: () => void) {
    return this.disconnected.on(listener);
  }

  /** The session ended (by the wallet or by `disconnect`). */
  protected sessionEnded() {
    this.account = null;
    this.disconnected.emit();
  }

  async balance() {
    if (!this.account) throw new Error('Wallet not connected');
    return mirrorBalance(this.options.mirrorNodeUrl, this.account);
  }

  async pay(request: PaymentRequest): Promise<PaymentOutcome> {
    const signer = this.signer();
    if (!this.account || !signer) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(signer, paymentTransaction(this.account, request));
  }

  async associateToken(tokenId: string): Promise<PaymentOutcome> {
    const signer = this.signer();
    if (!this.account || !signer) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(signer, associateTransaction(this.account, tokenId));
  }

  async transferNft(request: NftTransferRequest): Promise<PaymentOutcome> {
    const signer = this.signer();
    if (!this.account || !signer) return { result: PAYMENT_RESULT.noWallet };
    return executeWithWallet(signer, nftTransferTransaction(this.account, request));
  }
}
