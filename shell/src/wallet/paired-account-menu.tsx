import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';
import { Menu, MenuItem, MenuNote } from '@registry/ui/menu';
import { useWalletSession } from '@registry/wallet/wallet-session';

/** The account id opening a menu: balance (read when it opens), Orders & Profile, Logout. */
export function PairedAccountMenu({ accountId }: { accountId: string }) {
  const { logout, adapter } = useWalletSession();
  const [balance, setBalance] = useState<number | null>(null);
  const navigate = useNavigate();

  const onOpenChange = async (open: boolean) => {
    if (!open) return;
    // Spec: the balance is read when the dropdown opens.
    setBalance(null);
    const wallet = await adapter().catch(() => null);
    setBalance(wallet ? await wallet.balance().catch(() => null) : null);
  };

  return (
    <Menu
      label="Account"
      onOpenChange={(open) => void onOpenChange(open)}
      trigger={
        <button type="button" data-testid="account-id">
          {accountId}
        </button>
      }
    >
      <MenuNote testId="wallet-balance">
        {balance === null ? 'Balance …' : `${balance.toFixed(2)} HBAR`}
      </MenuNote>
      <MenuItem asChild>
        <Link to={paths.profile('orders')}>Orders &amp; Profile</Link>
      </MenuItem>
      <MenuItem onSelect={() => void logout().then(() => navigate('/'))}>Logout</MenuItem>
    </Menu>
  );
}
