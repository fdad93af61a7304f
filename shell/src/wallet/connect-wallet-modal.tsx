import { useEffect, useState } from 'react';
import type { WalletName } from '@registry/contracts/bus-events';
import { useWalletSession } from './wallet-session';

type LedgerInfo = { network: string; walletConnectProjectId: string | null };

type Props = { onClose: () => void };

/** The Connect Wallet modal: HashPack and Blade, and the Local Wallet on the local ledger. */
export function ConnectWalletModal({ onClose }: Props) {
  const [ledger, setLedger] = useState<LedgerInfo | null>(null);
  const { connect, status, error } = useWalletSession();

  useEffect(() => {
    fetch('/api/ledger-info')
      .then((response) => response.json() as Promise<LedgerInfo>)
      .then(setLedger)
      .catch(() => setLedger({ network: 'unknown', walletConnectProjectId: null }));
  }, []);

  const choose = async (name: WalletName) => {
    await connect(name);
    if (useWalletSession.getState().status === 'paired') onClose();
  };

  const walletConnectNote =
    ledger && !ledger.walletConnectProjectId
      ? 'Needs a WalletConnect project id (WALLETCONNECT_PROJECT_ID) on the server.'
      : null;

  return (
    <div className="modal-backdrop" role="presentation" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="connect-wallet-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="connect-wallet-title">Connect Wallet</h2>
        <ul className="wallet-options">
          {(['Hashpack', 'Blade'] as const).map((name) => (
            <li key={name}>
              <button type="button" disabled title={walletConnectNote ?? `${name} is not installed`}>
                {name}
              </button>
              <small>{walletConnectNote ?? `${name} is not installed`}</small>
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
        {error ? <p role="alert">{error}</p> : null}
        <button type="button" className="modal__close" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}
