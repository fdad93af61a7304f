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

/** The server's ledger takes WalletConnect wallets (the Hedera network). */
const onHedera = (ledger: LedgerInfo | null) =>
  ledger?.network === 'testnet' || ledger?.network === 'mainnet';

/** What a WalletConnect wallet's button says it needs, or null when it can connect. */
function requirement(ledger: LedgerInfo | null): string | null {
  if (!ledger) return null;
  if (!onHedera(ledger)) return "This server's ledger takes the Local Wallet only.";
  if (!ledger.walletConnectProjectId)
    return 'Needs a WalletConnect project id (WALLETCONNECT_PROJECT_ID) on the server.';
  return null;
}

/** Why the WalletConnect choice cannot connect here, or null when it can. */
function walletConnectRequirement(ledger: LedgerInfo | null): string | null {
  if (!ledger) return null;
  if (ledger.network === 'local')
    return 'WalletConnect reaches wallets on the Hedera network; this server runs on the local ledger, so use the Local Wallet.';
  if (!onHedera(ledger)) return "This server's ledger takes the Local Wallet only.";
  if (!ledger.walletConnectProjectId)
    return 'WalletConnect needs a project id (WALLETCONNECT_PROJECT_ID) on the server.';
  return null;
}

type Notice = { message: string; installUrl?: string };

/** The Connect Wallet modal: HashPack and Blade, any WalletConnect wallet, and the Local Wallet on the local ledger. */
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

  const [notice, setNotice] = useState<Notice | null>(null);
  const [looking, setLooking] = useState<WalletName | null>(null);
  // While WalletConnect's own pairing window is up, this dialog steps aside: its focus trap would
  // keep the keyboard and the pointer out of that window.
  const [handedOver, setHandedOver] = useState(false);

  const choose = useCallback(
    async (name: WalletName) => {
      setNotice(null);
      const walletConnectReason = walletConnectRequirement(ledger);
      if (name === 'WalletConnect' && walletConnectReason) {
        setNotice({ message: walletConnectReason });
        return;
      }
      if ((name === 'Hashpack' || name === 'Blade') && !onHedera(ledger)) {
        // Spec: a missing extension says so with a link to install it, whatever the server's ledger.
        const { EXTENSIONS } = await import('@registry/wallet/detect-extension');
        setLooking(name);
        const installed = await EXTENSIONS[name].detect().finally(() => setLooking(null));
        setNotice(
          installed
            ? { message: `${name} is installed, but this server's ledger takes the Local Wallet only.` }
            : { message: `${name} is not installed`, installUrl: EXTENSIONS[name].installUrl },
        );
        return;
      }
      const walletConnect =
        ledger && (ledger.network === 'testnet' || ledger.network === 'mainnet')
          ? {
              projectId: ledger.walletConnectProjectId,
              network: ledger.network as 'testnet' | 'mainnet',
              mirrorNodeUrl: ledger.mirrorNodeUrl,
            }
          : undefined;
      if (name === 'WalletConnect') setHandedOver(true);
      await connect(name, walletConnect).finally(() => setHandedOver(false));
      if (useWalletSession.getState().status === 'paired') onClose();
    },
    [ledger, connect, onClose],
  );

  const reason = requirement(ledger);
  const busy = status === 'connecting' || looking !== null;

  // Blade's own browser: no choice to make. Each opening tries once; a failure stays shown here.
  const autoTried = useRef(false);
  useEffect(() => {
    if (!open) {
      autoTried.current = false;
      return;
    }
    if (!autoChoose || autoTried.current || !ledger || reason !== null) return;
    autoTried.current = true;
    void choose(autoChoose);
  }, [open, autoChoose, ledger, reason, choose]);

  return (
    <Modal
      open={open && !handedOver}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Connect Wallet"
    >
      <ul className="wallet-options">
        {(['Hashpack', 'Blade'] as const).map((name) => (
          <li key={name}>
            <button type="button" disabled={busy} onClick={() => void choose(name)}>
              {name}
            </button>
            {reason ? <small>{reason}</small> : null}
          </li>
        ))}
        <li>
          <button type="button" disabled={busy} onClick={() => void choose('WalletConnect')}>
            WalletConnect
          </button>
          <small>
            {walletConnectRequirement(ledger) ?? 'Any Hedera wallet (HIP-820) by QR code or link.'}
          </small>
        </li>
        {ledger?.network === 'local' ? (
          <li>
            <button type="button" onClick={() => void choose('Local Wallet')} disabled={busy}>
              Local Wallet
            </button>
            <small>A development account on the local ledger, funded with 10,000 HBAR.</small>
          </li>
        ) : null}
      </ul>
      {status === 'connecting' ? <p role="status">Connecting…</p> : null}
      {looking ? <p role="status">Looking for {looking}…</p> : null}
      {(notice ?? error) ? (
        <p role="alert">
          {notice?.message ?? error}
          {(notice ? notice.installUrl : installUrl) ? (
            <>
              {' '}
              <a href={notice ? notice.installUrl : installUrl!} target="_blank" rel="noreferrer">
                Install
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </Modal>
  );
}
