import { create } from 'zustand';
import { createApiClient } from '@registry/api-client/client';
import { bus } from '@registry/bus';
import type { WalletName } from '@registry/contracts/bus-events';
import { walletConnectOptionsOf, type WalletConnectOptions } from './wallet-connect-options';
import type { WalletPort } from './wallet-port';

const SESSION_KEY = 'wallet';
const api = createApiClient();

/** What the spec keeps in session storage as the wallet object. */
type StoredWallet = { walletName: WalletName; publicKey: string; status: 'paired' };

type WalletSessionState = {
  walletName: WalletName | null;
  accountId: string | null;
  /** `restoring`: a wallet of this tab is being checked against the server's session after a reload. */
  status: 'disconnected' | 'restoring' | 'connecting' | 'paired';
  error: string | null;
  /** Where to get the wallet when the error is that it is not installed. */
  installUrl: string | null;
  wallet: WalletPort | null;
  connect(name: WalletName, walletConnect?: WalletConnectOptions): Promise<void>;
  restore(): Promise<void>;
  /** Ends this browser's session; `everywhere` ends the account's sessions in every browser first. */
  logout(options?: { everywhere?: boolean }): Promise<void>;
  /**
   * The adapter, loaded again after a page reload when an action needs it; throws
   * WalletAccountChangedError while the wallet offers another account.
   */
  adapter(): Promise<WalletPort | null>;
};

let walletConnectOptions: WalletConnectOptions | undefined;

async function loadAdapter(name: WalletName) {
  const { loadWallet } = await import('./load-wallet');
  // After a reload the connect dialog never ran: the server says which network its wallets are for.
  if (name !== 'Local Wallet' && !walletConnectOptions)
    walletConnectOptions = walletConnectOptionsOf(await api.getLedgerInfo().catch(() => null));
  return loadWallet(name, walletConnectOptions ? { walletConnect: walletConnectOptions } : {});
}

/**
 * The wallet session: one instance per page (a Module Federation singleton). The shell restores it on
 * load and runs connect / logout; remotes read it with this hook and ask for a connection through the
 * bus (`wallet:connect-requested`).
 */
export const useWalletSession = create<WalletSessionState>()((set, get) => {
  /** The wallet ending the session (e.g. from its own window) logs out here too. */
  const endWithWallet = (wallet: WalletPort) =>
    wallet.onDisconnect(() => {
      if (get().wallet === wallet) void get().logout();
    });
  return {
    walletName: null,
    accountId: null,
    // A tab that stored a wallet starts by restoring it: account pages wait instead of sending it away.
    status:
      typeof sessionStorage !== 'undefined' && sessionStorage.getItem(SESSION_KEY)
        ? 'restoring'
        : 'disconnected',
    error: null,
    installUrl: null,
    wallet: null,

    async connect(name, walletConnect) {
      walletConnectOptions = walletConnect ?? walletConnectOptions;
      set({ status: 'connecting', error: null, installUrl: null });
      try {
        const wallet = await loadAdapter(name);
        const { accountId } = await wallet.connect();
        // Sign-in: the wallet signs the server's one-time message; the server checks it with the ledger's key.
        const challenge = await api.createSignInChallenge(accountId);
        const signatureMap = await wallet.signMessage(challenge.message);
        await api.verifySignIn({ accountId, nonce: challenge.nonce, signatureMap });
        const stored: StoredWallet = { walletName: name, publicKey: accountId, status: 'paired' };
        sessionStorage.setItem(SESSION_KEY, JSON.stringify(stored));
        set({ walletName: name, accountId, status: 'paired', wallet });
        endWithWallet(wallet);
        bus.emit('wallet:connected', { walletName: name, accountId });
      } catch (error) {
        set({
          status: 'disconnected',
          error: error instanceof Error ? error.message : 'Could not connect the wallet',
          installUrl: (error as { installUrl?: string }).installUrl ?? null,
        });
      }
    },

    async restore() {
      const raw = sessionStorage.getItem(SESSION_KEY);
      if (!raw) {
        if (get().status === 'restoring') set({ status: 'disconnected' });
        return;
      }
      if (get().status !== 'paired') set({ status: 'restoring' });
      try {
        const stored = JSON.parse(raw) as StoredWallet;
        const session = await api.getSession();
        if (session.accountId !== stored.publicKey) throw new Error('session of another account');
        set({ walletName: stored.walletName, accountId: stored.publicKey, status: 'paired' });
        bus.emit('wallet:connected', { walletName: stored.walletName, accountId: stored.publicKey });
      } catch {
        sessionStorage.removeItem(SESSION_KEY);
        set({ status: 'disconnected', walletName: null, accountId: null });
      }
    },

    async logout(options = {}) {
      // Every other browser's session ends with it; a failure leaves this one signed in to try again.
      if (options.everywhere) await api.logoutEverywhere();
      const { wallet } = get();
      // Forget the wallet first: its disconnect event must not start a second logout.
      set({
        walletName: null,
        accountId: null,
        status: 'disconnected',
        wallet: null,
        error: null,
        installUrl: null,
      });
      await api.logout().catch(() => undefined);
      await wallet?.disconnect();
      // Spec: logout clears the stored name, email, wallet object, token, cart and bill (the cart's
      // owner empties it, and its storage with it).
      bus.emit('cart:clear', {});
      for (const key of ['name', 'email', 'token', 'cart', 'bill', 'cartCount']) localStorage.removeItem(key);
      sessionStorage.removeItem(SESSION_KEY);
      bus.emit('wallet:disconnected', {});
    },

    async adapter() {
      const { wallet, walletName, accountId } = get();
      if (wallet) {
        const offered = wallet.accountId();
        if (offered === accountId) return wallet;
        // The wallet switched to another account: the session is not that account's, so nothing is
        // asked of the wallet until it offers the signed-in account again (or the user signs in anew).
        // Its message is loaded with it: no first load carries it.
        const { WalletAccountChangedError } = await import('./wallet-errors');
        const changed = new WalletAccountChangedError(offered, accountId);
        bus.emit('toast', { kind: 'error', message: changed.message, durationMs: 10_000 });
        throw changed;
      }
      if (!walletName) return wallet;
      const loaded = await loadAdapter(walletName);
      const connected = await loaded.connect();
      // The wallet came back with another account (a new pairing after its session ended): the signed-in
      // session is not that account's, so it ends here instead of paying from the wrong one.
      if (connected.accountId !== accountId) {
        await loaded.disconnect().catch(() => undefined);
        await get().logout();
        return null;
      }
      set({ wallet: loaded });
      endWithWallet(loaded);
      return loaded;
    },
  };
});
