import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import { ConnectWalletModal } from './connect-wallet-modal';
import { useWalletSession } from '@registry/wallet/wallet-session';

/** 'Connect Wallet', or the account with its balance, Orders & Profile and Logout. */
export function AccountMenu() {
  const { accountId, status, logout, adapter } = useWalletSession();
  const [modalOpen, setModalOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [balance, setBalance] = useState<number | null>(null);
  const navigate = useNavigate();

  if (status !== 'paired' || !accountId) {
    return (
      <div className="account-menu" data-testid="account-menu">
        <button type="button" onClick={() => setModalOpen(true)}>
          Connect Wallet
        </button>
        {modalOpen ? <ConnectWalletModal onClose={() => setModalOpen(false)} /> : null}
      </div>
    );
  }

  const toggle = async () => {
    const opening = !menuOpen;
    setMenuOpen(opening);
    if (opening) {
      // Spec: the balance is read when the dropdown opens.
      const wallet = await adapter().catch(() => null);
      setBalance(wallet ? await wallet.balance().catch(() => null) : null);
    }
  };

  return (
    <div className="account-menu" data-testid="account-menu">
      <button type="button" aria-expanded={menuOpen} onClick={() => void toggle()} data-testid="account-id">
        {accountId}
      </button>
      {menuOpen ? (
        <div className="account-menu__dropdown" role="menu">
          <p data-testid="wallet-balance">{balance === null ? 'Balance …' : `${balance.toFixed(2)} HBAR`}</p>
          <Link role="menuitem" to={paths.profile('orders')} onClick={() => setMenuOpen(false)}>
            Orders &amp; Profile
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setMenuOpen(false);
              void logout().then(() => navigate('/'));
            }}
          >
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
