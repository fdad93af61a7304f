import { useCallback, useEffect, useRef, useState } from 'react';
import type { WalletName } from '@registry/contracts/bus-events';
import type { LedgerInfo } from '@registry/contracts/network';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { Modal } from '@registry/ui/modal';
import { api } from '../api';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Blade mode: go straight to this wallet once the page knows the network. */
  autoChoose?: WalletName;
};

/** Why a WalletConnect wallet cannot be used here, or null when it can. */
function unavailableReason(ledger: LedgerInfo | null): string | null {
  if (!ledger) return 'Loading…';
  if (ledger.network !== 'testnet' && ledger.network !== 'mainnet')
    return 'Works when the server uses the Hedera network (LEDGER=hedera).';
  if (!ledger.walletConnectProjectId)
    return 'Needs a WalletConnect project id (WALLETCONNECT_PROJECT_ID) on the server.';
  return null;
}

/** The Connect Wallet modal: HashPack and Blade, and the Local Wallet on the local ledger. */
export function ConnectWalletModal({ open, onClose, autoChoose }: Props) {
  const [ledger, setLedger] = useState<LedgerInfo | null>(null);
  const { connect, status, error, installUrl } = useWalletSession();

  useEffect(() => {
    api
      .getLedgerInfo()
      .then(setLedger)
      .catch(() =>
        setLedger({
          network: 'unknown',
          treasuryAccountId: '',
          walletConnectProjectId: null,
          mirrorNodeUrl: '',
        }),
      );
  }, []);

  const choose = useCallback(
    async (name: WalletName) => {
      const walletConnect =
        ledger && (ledger.network === 'testnet' || ledger.network === 'mainnet')
          ? {
              projectId: ledger.walletConnectProjectId,
              network: ledger.network as 'testnet' | 'mainnet',
              mirrorNodeUrl: ledger.mirrorNodeUrl,
            }
          : undefined;
      await connect(name, walletConnect);
      if (useWalletSession.getState().status === 'paired') onClose();
    },
    [ledger, connect, onClose],
  );

  const reason = unavailableReason(ledger);

  // Blade's own browser: no choice to make. Each opening tries once; a failure stays shown here.
  const autoTried = useRef(false);
  useEffect(() => {
    if (!open) {
      autoTried.current = false;
      return;
    }
    if (!autoChoose || autoTried.current || reason !== null) return;
    autoTried.current = true;
    void choose(autoChoose);
  }, [open, autoChoose, reason, choose]);

  return (
    <Modal open={open} onOpenChange={(next) => (next ? undefined : onClose())} title="Connect Wallet">
      <ul className="wallet-options">
        {(['Hashpack', 'Blade'] as const).map((name) => (
          <li key={name}>
            <button
              type="button"
              disabled={reason !== null || status === 'connecting'}
              onClick={() => void choose(name)}
            >
              {name}
            </button>
            {reason ? <small>{reason}</small> : null}
          </li>
        ))}
        {ledger?.network === 'local' ? (
          <li>
            <button
              type="button"
              onClick={() => void choose('Local Wallet')}
              disabled={status === 'connecting'}
            >
              Local Wallet
            </button>
            <small>A development account on the local ledger, funded with 10,000 HBAR.</small>
          </li>
        ) : null}
      </ul>
      {status === 'connecting' ? <p role="status">Connecting…</p> : null}
      {error ? (
        <p role="alert">
          {error}
          {installUrl ? (
            <>
              {' '}
              <a href={installUrl} target="_blank" rel="noreferrer">
                Install
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </Modal>
  );
}
