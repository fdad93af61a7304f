import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { bus } from '@registry/bus';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { isBladeMode } from '../layout/blade-mode';
import { FramePart, lazyPart } from '../layout/frame-part';

// Both load on demand: the first page needs neither the dialog nor the menu code.
const ConnectWalletModal = lazyPart(() =>
  import('./connect-wallet-modal').then((module) => module.ConnectWalletModal),
);
const PairedAccountMenu = lazyPart(() =>
  import('./paired-account-menu').then((module) => module.PairedAccountMenu),
);

/** 'Connect Wallet', or the paired account's menu with its balance, Orders & Profile and Logout. */
export function AccountMenu() {
  const { accountId, status } = useWalletSession();
  const bladeMode = isBladeMode(useLocation());
  const [modalOpen, setModalOpen] = useState(false);
  // Loaded with the first opening, then kept mounted so closing it returns focus to the button.
  const [modalLoaded, setModalLoaded] = useState(false);
  if (modalOpen && !modalLoaded) setModalLoaded(true);
  // Remotes ask for a wallet through the bus (e.g. Checkout or Claim without one).
  useEffect(() => bus.on('wallet:connect-requested', () => setModalOpen(true)), []);

  if (status !== 'paired' || !accountId) {
    return (
      <div className="account-menu" data-testid="account-menu">
        <button type="button" onClick={() => setModalOpen(true)}>
          Connect Wallet
        </button>
        {modalLoaded ? (
          <FramePart>
            <ConnectWalletModal
              open={modalOpen}
              onClose={() => setModalOpen(false)}
              {...(bladeMode ? { autoChoose: 'Blade' as const } : {})}
            />
          </FramePart>
        ) : null}
      </div>
    );
  }
  return (
    <div className="account-menu" data-testid="account-menu">
      <FramePart
        fallback={
          <button type="button" data-testid="account-id" disabled>
            {accountId}
          </button>
        }
      >
        <PairedAccountMenu accountId={accountId} />
      </FramePart>
    </div>
  );
}
