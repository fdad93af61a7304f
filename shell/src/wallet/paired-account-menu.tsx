import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import { Menu, MenuItem, MenuNote } from '@registry/ui/menu';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { bus } from '@registry/bus';
import { FramePart, lazyPart } from '../layout/frame-part';
import { usePrimaryName } from './use-primary-name';

const SendHbarModal = lazyPart(() => import('./send-hbar-modal').then((module) => module.SendHbarModal));

/**
 * The account's primary name (or its id when it has none) opening a menu: balance (read when it
 * opens), Send HBAR, Orders & Profile, Logout, Sign out everywhere.
 */
export function PairedAccountMenu({ accountId }: { accountId: string }) {
  const { logout, adapter } = useWalletSession();
  const primaryName = usePrimaryName(accountId);
  const [balance, setBalance] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const navigate = useNavigate();

  const signOutEverywhere = async () => {
    try {
      await logout({ everywhere: true });
      bus.emit('toast', { kind: 'success', message: 'Signed out on every device' });
      navigate('/');
    } catch {
      bus.emit('toast', { kind: 'error', message: 'Could not sign out everywhere; try again' });
    }
  };

  const onOpenChange = async (open: boolean) => {
    if (!open) return;
    // Spec: the balance is read when the dropdown opens.
    setBalance(null);
    const wallet = await adapter().catch(() => null);
    setBalance(wallet ? await wallet.balance().catch(() => null) : null);
  };

  return (
    <>
      <Menu
        label="Account"
        onOpenChange={(open) => void onOpenChange(open)}
        trigger={
          <button
            type="button"
            data-testid="account-id"
            className="account-menu__trigger"
            {...(primaryName ? { title: accountId, 'data-primary-name': '' } : {})}
          >
            {primaryName ?? accountId}
          </button>
        }
      >
        {primaryName ? <MenuNote testId="menu-account-id">{accountId}</MenuNote> : null}
        <MenuNote testId="wallet-balance">
          {balance === null ? 'Balance …' : `${balance.toFixed(2)} HBAR`}
        </MenuNote>
        <MenuItem onSelect={() => setSending(true)}>Send HBAR</MenuItem>
        <MenuItem asChild>
          <Link to={paths.profile('orders')}>Orders &amp; Profile</Link>
        </MenuItem>
        <MenuItem onSelect={() => void logout().then(() => navigate('/'))}>Logout</MenuItem>
        <MenuItem onSelect={() => void signOutEverywhere()}>Sign out everywhere</MenuItem>
      </Menu>
      {sending ? (
        <FramePart>
          <SendHbarModal accountId={accountId} onClose={() => setSending(false)} />
        </FramePart>
      ) : null}
    </>
  );
}
