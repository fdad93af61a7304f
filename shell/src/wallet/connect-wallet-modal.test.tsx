import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerInfo } from '@registry/contracts/network';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { ConnectWalletModal } from './connect-wallet-modal';

const ledgerInfo = vi.hoisted(() => ({
  current: null as LedgerInfo | null,
  answered: Promise.resolve(),
}));
vi.mock('../api', () => ({
  api: {
    getLedgerInfo: async () => {
      await ledgerInfo.answered;
      return ledgerInfo.current;
    },
  },
}));

afterEach(cleanup);

const hedera = (projectId: string | null): LedgerInfo => ({
  network: 'testnet',
  treasuryAccountId: '0.0.4321',
  walletConnectProjectId: projectId,
  mirrorNodeUrl: 'https://testnet.mirrornode.hedera.com',
});

describe('the WalletConnect choice of the Connect Wallet modal', () => {
  it.each([
    [hedera(null), 'WalletConnect needs a project id (WALLETCONNECT_PROJECT_ID) on the server.'],
    [
      { ...hedera('id'), network: 'local' as const, mirrorNodeUrl: '/ledger' },
      'WalletConnect reaches wallets on the Hedera network; this server runs on the local ledger, so use the Local Wallet.',
    ],
  ])('says why it cannot connect and tries nothing (%#)', async (ledger, reason) => {
    ledgerInfo.current = ledger;
    const connect = vi.fn();
    useWalletSession.setState({ connect });
    render(<ConnectWalletModal open onClose={() => undefined} />);
    expect(await screen.findByText(reason)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'WalletConnect' }));
    expect((await screen.findByRole('alert')).textContent).toBe(reason);
    expect(connect).not.toHaveBeenCalled();
  });

  it('with a project id on the Hedera network, connects through WalletConnect with the server’s network', async () => {
    ledgerInfo.current = hedera('project-1');
    const connect = vi.fn(async () => undefined);
    useWalletSession.setState({ connect, status: 'disconnected' });
    render(<ConnectWalletModal open onClose={() => undefined} />);
    expect(await screen.findByText('Any Hedera wallet (HIP-820) by QR code or link.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'WalletConnect' }));
    await vi.waitFor(() =>
      expect(connect).toHaveBeenCalledWith('WalletConnect', {
        projectId: 'project-1',
        network: 'testnet',
        mirrorNodeUrl: 'https://testnet.mirrornode.hedera.com',
      }),
    );
  });

  it('a choice made before the server has said its network waits for it', async () => {
    let answer = () => undefined as void;
    ledgerInfo.answered = new Promise<void>((resolve) => (answer = resolve));
    ledgerInfo.current = hedera('project-2');
    const connect = vi.fn(async () => undefined);
    useWalletSession.setState({ connect, status: 'disconnected' });
    render(<ConnectWalletModal open onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'WalletConnect' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(connect).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() =>
      expect(connect).toHaveBeenCalledWith('WalletConnect', {
        projectId: 'project-2',
        network: 'testnet',
        mirrorNodeUrl: 'https://testnet.mirrornode.hedera.com',
      }),
    );
    ledgerInfo.answered = Promise.resolve();
  });
});
