import { useCallback, useEffect, useRef, useState } from 'react';
import type { WalletName } from '@registry/contracts/bus-events';
import type { LedgerInfo } from '@registry/contracts/network';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { isHederaNetwork, walletConnectOptionsOf } from '@registry/wallet/wallet-connect-options';
import { Modal } from '@registry/ui/modal';
import { api } from '../api';

type Props = {
  open: boolean;
  onClose: () => void;
  /** Blade mode: go straight to this wallet once the page knows the network. */
  autoChoose?: WalletName;
};

/** The server's ledger takes WalletConnect wallets (the Hedera network, or a local Hedera network). */
const onHedera = (ledger: LedgerInfo | null) => isHederaNetwork(ledger?.network);

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

const UNKNOWN_LEDGER: LedgerInfo = {
  network: 'unknown',
  treasuryAccountId: '',
  walletConnectProjectId: null,
  mirrorNodeUrl: '',
};

/**
 * The server's ledger (its network decides which wallets can connect); 'unknown' when it cannot say.
 * `known` settles with it, so a choice made before the answer arrives waits for it.
 */
function useLedgerInfo() {
  const [ledger, setLedger] = useState<LedgerInfo | null>(null);
  const known = useRef<Promise<LedgerInfo> | null>(null);
  if (!known.current) known.current = api.getLedgerInfo().catch(() => UNKNOWN_LEDGER);
  useEffect(() => {
    let mounted = true;
    void known.current?.then((info) => mounted && setLedger(info));
    return () => {
      mounted = false;
    };
  }, []);
  return { ledger, known: known.current };
}

/** HashPack or Blade off the Hedera network: installed or not (spec: a link to install it), neither can pay. */
async function extensionNotice(name: 'Hashpack' | 'Blade'): Promise<Notice> {
  const { EXTENSIONS } = await import('@registry/wallet/detect-extension');
  return (await EXTENSIONS[name].detect())
    ? { message: `${name} is installed, but this server's ledger takes the Local Wallet only.` }
    : { message: `${name} is not installed`, installUrl: EXTENSIONS[name].installUrl };
}

/** Blade's own browser: no choice to make. Each opening tries once; a failure stays shown in the dialog. */
function useAutoChoose(
  open: boolean,
  autoChoose: WalletName | undefined,
  ready: boolean,
  choose: (name: WalletName) => Promise<void>,
) {
  const autoTried = useRef(false);
  useEffect(() => {
    if (!open) {
      autoTried.current = false;
      return;
    }
    if (!autoChoose || autoTried.current || !ready) return;
    autoTried.current = true;
    void choose(autoChoose);
  }, [open, autoChoose, ready, choose]);
}

/** Why the last try failed, with a link to install the wallet when that is why. */
function WalletNotice({ message, installUrl }: { message: string | null; installUrl?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert">
      {message}
      {installUrl ? (
        <>
          {' '}
          <a href={installUrl} target="_blank" rel="noreferrer">
            Install
          </a>
        </>
      ) : null}
    </p>
  );
}

/** The Connect Wallet modal: HashPack and Blade, any WalletConnect wallet, and the Local Wallet on the local ledger. */
export function ConnectWalletModal({ open, onClose, autoChoose }: Props) {
  const { ledger, known: knownLedger } = useLedgerInfo();
  const { connect, status, error, installUrl } = useWalletSession();

  const [notice, setNotice] = useState<Notice | null>(null);
  const [looking, setLooking] = useState<WalletName | null>(null);
  // While WalletConnect's own pairing window is up, this dialog steps aside: its focus trap would
  // keep the keyboard and the pointer out of that window.
  const [handedOver, setHandedOver] = useState(false);

  const choose = useCallback(
    async (name: WalletName) => {
      setNotice(null);
      const server = ledger ?? (await knownLedger);
      const walletConnectReason = walletConnectRequirement(server);
      if (name === 'WalletConnect' && walletConnectReason) {
        setNotice({ message: walletConnectReason });
        return;
      }
      if ((name === 'Hashpack' || name === 'Blade') && !onHedera(server)) {
        // Spec: a missing extension says so with a link to install it, whatever the server's ledger.
        setLooking(name);
        setNotice(await extensionNotice(name).finally(() => setLooking(null)));
        return;
      }
      if (name === 'WalletConnect') setHandedOver(true);
      await connect(name, walletConnectOptionsOf(server)).finally(() => setHandedOver(false));
      if (useWalletSession.getState().status === 'paired') onClose();
    },
    [ledger, knownLedger, connect, onClose],
  );

  const reason = requirement(ledger);
  const busy = status === 'connecting' || looking !== null;

  useAutoChoose(open, autoChoose, ledger !== null && reason === null, choose);

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
      <WalletNotice message={notice?.message ?? error} installUrl={notice ? notice.installUrl : installUrl} />
    </Modal>
  );
}
