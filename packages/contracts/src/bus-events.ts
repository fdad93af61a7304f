/** Events shared by the shell and the remotes through `@registry/bus`. */
export type WalletName = 'Hashpack' | 'Blade' | 'Local Wallet';

export type CartChangedEvent = {
  count: number;
  itemNames: string[];
};

export type WalletConnectedEvent = {
  walletName: WalletName;
  accountId: string;
};

export type RateUpdatedEvent = {
  /** USD for one HBAR. */
  usdPerHbar: number;
  fetchedAt: string;
};

export type ToastEvent = {
  kind: 'info' | 'success' | 'error';
  message: string;
  /** Defaults to the spec's 3 s. */
  durationMs?: number;
};

export type NavigateEvent = {
  to: string;
  replace?: boolean;
};

export type BusEventMap = {
  'cart:changed': CartChangedEvent;
  'wallet:connected': WalletConnectedEvent;
  'wallet:disconnected': Record<string, never>;
  'rate:updated': RateUpdatedEvent;
  toast: ToastEvent;
  navigate: NavigateEvent;
  /** A call answered 401: the shell clears stored state. */
  'session:expired': Record<string, never>;
};

export type BusEventName = keyof BusEventMap;

/** Spec timing: toasts stay 3 s. */
export const TOAST_DURATION_MS = 3000;
