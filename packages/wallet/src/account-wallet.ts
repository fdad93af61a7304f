import type { Transaction } from '@hashgraph/sdk';
import type { WalletName } from '@registry/contracts/bus-events';
import { associateTransaction, nftTransferTransaction, paymentTransaction } from './signer-wallet';
import {
  createDisconnectEvent,
  PAYMENT_RESULT,
  type NftTransferRequest,
  type PaymentOutcome,
  type PaymentRequest,
  type WalletPort,
} from './wallet-port';

/**
 * What every adapter shares: the connected account's transactions (payments, token associations, NFT
 * transfers) built one way and handed to the adapter's own `execute`, and the disconnect event.
 */
export abstract class AccountWallet implements WalletPort {
  abstract readonly name: WalletName;
  private readonly disconnected = createDisconnectEvent();

  abstract accountId(): string | null;
  abstract connect(): Promise<{ accountId: string }>;
  abstract disconnect(): Promise<void>;
  abstract balance(): Promise<number>;
  abstract signMessage(message: string): Promise<string>;
  /** Has the wallet sign and submit one transaction of the connected account: the spec's 1 / 0 / -1 / -9. */
  protected abstract execute(transaction: Transaction): Promise<PaymentOutcome>;

  onDisconnect(listener: () => void) {
    return this.disconnected.on(listener);
  }

  /** Tells the listeners the session ended (by the wallet or by `disconnect`). */
  protected announceDisconnect() {
    this.disconnected.emit();
  }

  pay(request: PaymentRequest) {
    return this.executeForAccount((account) => paymentTransaction(account, request));
  }

  associateToken(tokenId: string) {
    return this.executeForAccount((account) => associateTransaction(account, tokenId));
  }

  transferNft(request: NftTransferRequest) {
    return this.executeForAccount((account) => nftTransferTransaction(account, request));
  }

  private async executeForAccount(build: (account: string) => Transaction): Promise<PaymentOutcome> {
    const account = this.accountId();
    if (!account) return { result: PAYMENT_RESULT.noWallet };
    return this.execute(build(account));
  }
}
