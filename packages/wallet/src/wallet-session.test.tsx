// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WalletPort } from './wallet-port';

const pairedAccount = vi.hoisted(() => ({ current: '0.0.1001' }));
const disconnected = vi.hoisted(() => ({ count: 0 }));

vi.mock('./load-wallet', () => ({
  loadWallet: async (): Promise<Partial<WalletPort>> => ({
    name: 'WalletConnect',
    connect: async () => ({ accountId: pairedAccount.current }),
    disconnect: async () => void disconnected.count++,
    accountId: () => pairedAccount.current,
  }),
}));

const { useWalletSession } = await import('./wallet-session');

afterEach(() => {
  disconnected.count = 0;
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
});
