import type { WalletName } from '@registry/contracts/bus-events';

/** Result of a payment request, as the spec numbers it. */
export const PAYMENT_RESULT = {
  success: 1,
  failure: 0,
  noWallet: -1,
  exception: -9,
} as const;
export type PaymentResult = (typeof PAYMENT_RESULT)[keyof typeof PAYMENT_RESULT];

export type PaymentRequest = {
  /** The registry's treasury account. */
  to: string;
  amountTinybars: bigint;
  /** The quote id: the server matches the payment by it. */
  memo: string;
};

export type NftTransferRequest = { tokenId: string; serialNumber: number; to: string };

export type PaymentOutcome = { result: PaymentResult; transactionId?: string; status?: string };

/** What the browser needs from any wallet; each adapter implements it and is loaded on demand. */
export type WalletPort = {
  readonly name: WalletName;
  connect(): Promise<{ accountId: string }>;
  disconnect(): Promise<void>;
  accountId(): string | null;
  /** Balance in HBAR (tinybars / 1e8). */
  balance(): Promise<number>;
  pay(request: PaymentRequest): Promise<PaymentOutcome>;
  /** HIP-820 signature of `message`, as a base64 signature map (the same shape from every adapter). */
  signMessage(message: string): Promise<string>;
  associateToken(tokenId: string): Promise<PaymentOutcome>;
  /** Sends one NFT (a domain) from the connected account to another. */
  transferNft(request: NftTransferRequest): Promise<PaymentOutcome>;
  /** Called when the wallet ends the session (from the wallet's side or by `disconnect`). Returns the unsubscribe. */
  onDisconnect(listener: () => void): () => void;
};

/** A small listener list for the adapters' disconnect event. */
export function createDisconnectEvent() {
  const listeners = new Set<() => void>();
  return {
    on(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}

export { TINYBARS_PER_HBAR } from '@registry/contracts/hbar';
