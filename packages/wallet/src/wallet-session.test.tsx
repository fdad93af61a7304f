// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletPort } from './wallet-port';

const pairedAccount = vi.hoisted(() => ({ current: '0.0.1001' }));
const disconnected = vi.hoisted(() => ({ count: 0 }));
/** What the wallet's own side does: end the session (a listener per loaded adapter). */
const walletEnds = vi.hoisted(() => ({ listeners: [] as (() => void)[] }));

vi.mock('./load-wallet', () => ({
  loadWallet: async (): Promise<Partial<WalletPort>> => ({
    name: 'WalletConnect',
    connect: async () => ({ accountId: pairedAccount.current }),
    disconnect: async () => void disconnected.count++,
    accountId: () => pairedAccount.current,
    onDisconnect: (listener: () => void) => {
      walletEnds.listeners.push(listener);
      return () => undefined;
    },
  }),
}));

const { useWalletSession } = await import('./wallet-session');
const { bus } = await import('@registry/bus');

afterEach(() => {
  disconnected.count = 0;
  walletEnds.listeners.length = 0;
  sessionStorage.clear();
});

describe('the wallet session after a reload', () => {
  const signedIn = () => {
    sessionStorage.setItem(
      'wallet',
      JSON.stringify({ walletName: 'WalletConnect', publicKey: '0.0.1001', status: 'paired' }),
    );
    useWalletSession.setState({
      walletName: 'WalletConnect',
      accountId: '0.0.1001',
      status: 'paired',
      wallet: null,
    });
  };

  it('loads the wallet again for the signed-in account', async () => {
    signedIn();
    pairedAccount.current = '0.0.1001';
    const wallet = await useWalletSession.getState().adapter();
    expect(wallet?.accountId()).toBe('0.0.1001');
    expect(useWalletSession.getState()).toMatchObject({ status: 'paired', accountId: '0.0.1001' });
  });

  it('logs out when the wallet loaded again ends its session from its side', async () => {
    signedIn();
    pairedAccount.current = '0.0.1001';
    await useWalletSession.getState().adapter();
    for (const listener of walletEnds.listeners.splice(0)) listener();
    await vi.waitFor(() => expect(sessionStorage.getItem('wallet')).toBeNull());
    expect(useWalletSession.getState()).toMatchObject({ status: 'disconnected', accountId: null });
    expect(disconnected.count).toBe(1);
  });

  it('logs out when the wallet comes back with another account, instead of paying from it', async () => {
    signedIn();
    pairedAccount.current = '0.0.2002';
    expect(await useWalletSession.getState().adapter()).toBeNull();
    expect(disconnected.count).toBe(1);
    expect(useWalletSession.getState()).toMatchObject({
      status: 'disconnected',
      accountId: null,
      walletName: null,
    });
    expect(sessionStorage.getItem('wallet')).toBeNull();
  });

  it('refuses, asking the wallet nothing, while the paired wallet offers another account; works again once it switches back', async () => {
    signedIn();
    pairedAccount.current = '0.0.1001';
    const wallet = await useWalletSession.getState().adapter();
    const toasts: string[] = [];
    const stop = bus.on('toast', (toast) => void toasts.push(toast.message));
    try {
      pairedAccount.current = '0.0.2002';
      await expect(useWalletSession.getState().adapter()).rejects.toThrow(
        'Your wallet switched to 0.0.2002; you signed in as 0.0.1001. Nothing was paid: switch it back or connect again.',
      );
      expect(toasts).toEqual([
        'Your wallet switched to 0.0.2002; you signed in as 0.0.1001. Nothing was paid: switch it back or connect again.',
      ]);
      // Still signed in, nothing cleared: the cart and the session stay for when the wallet switches back.
      expect(useWalletSession.getState()).toMatchObject({ status: 'paired', accountId: '0.0.1001' });
      expect(disconnected.count).toBe(0);
      pairedAccount.current = '0.0.1001';
      expect(await useWalletSession.getState().adapter()).toBe(wallet);
    } finally {
      stop();
    }
  });
});
