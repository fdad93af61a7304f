/** Events shared by the shell and the remotes through `@registry/bus`. */
export type WalletName = 'Hashpack' | 'Blade' | 'WalletConnect' | 'Local Wallet';

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

/** Where an add to the cart comes from: the limit message differs (spec section 5). */
export type CartAddOrigin = 'search-result' | 'store';

export type CartAddEvent = {
  itemName: string;
  /** The 12-month price in HBAR. */
  basePrice: number;
  /** The 12-month price in USD it was derived from: the cart's HBAR prices follow the rate line. */
  basePriceUsd?: number;
  /** A released name's premium, in HBAR and the USD it follows: added once to the line. */
  premium?: number;
  premiumUsd?: number;
  /** 12, 24, 36 or 48; 12 when left out. */
  months?: number;
  origin: CartAddOrigin;
};

export type CartRefusedEvent = { itemName: string; message: string };

export type BusEventMap = {
  'cart:changed': CartChangedEvent;
  /** Remotes change the cart only through these; the shell applies them to the store it owns. */
  'cart:add': CartAddEvent;
  'cart:remove': { itemName: string };
  'cart:set-term': { itemName: string; months: number };
  'cart:clear': Record<string, never>;
  /** The server's taken-check: these names were bought by someone else (excluded from totals). */
  'cart:sold-out': { itemNames: string[] };
  /**
   * The server's premiums of the cart's free names now (a release premium falls daily): `checked` names
   * without an entry have none any more.
   */
  'cart:premiums': { checked: string[]; premiums: Array<{ itemName: string; hbar: number; usd: number }> };
  /** The cart was full: the spec's message for the add's origin. */
  'cart:refused': CartRefusedEvent;
  /** A remote asks the shell to open the Connect Wallet modal. */
  'wallet:connect-requested': Record<string, never>;
  'wallet:connected': WalletConnectedEvent;
  'wallet:disconnected': Record<string, never>;
  'rate:updated': RateUpdatedEvent;
  /** The signed-in account's primary name changed (null: none); the header shows it instead of the id. */
  'identity:primary-name': { accountId: string; name: string | null };
  toast: ToastEvent;
  navigate: NavigateEvent;
  /** A call answered 401: the shell clears stored state. */
  'session:expired': Record<string, never>;
};

export type BusEventName = keyof BusEventMap;

/** Spec timing: toasts stay 3 s. */
export const TOAST_DURATION_MS = 3000;
