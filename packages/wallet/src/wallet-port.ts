import type { WalletName } from '@registry/contracts/bus-events';

/** Result of a payment request, as the spec numbers it. */
export const PAYMENT_RESULT = {
  success: 1,
  failure: 0,
  noWallet: -1,
  exception: -9,
} as const;
export type PaymentResult = (typeof PAYMENT_RESULT)[keyof typeof PAYMENT_RESULT];

/** What the browser needs from any wallet; each adapter implements it and is loaded on demand. */
export type WalletPort = {
  readonly name: WalletName;
  connect(): Promise<{ accountId: string }>;
  disconnect(): Promise<void>;
  accountId(): string | null;
  /** Balance in HBAR (tinybars / 1e8). */
  balance(): Promise<number>;
  pay(amountHbar: number, memo: string): Promise<{ result: PaymentResult; transactionId?: string }>;
  /** HIP-820 signature of `message`, as a base64 signature map. */
  signMessage(message: string): Promise<string>;
};
