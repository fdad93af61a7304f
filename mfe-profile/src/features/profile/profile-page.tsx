import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { OrderRow } from '@registry/contracts/my-domains';
import type { LedgerInfo } from '@registry/contracts/network';
import type { Profile } from '@registry/contracts/profile';
import { paths } from '@registry/contracts/routes';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { Tabs } from '@registry/ui/tabs';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { profileApi } from './api/profile-api';
import type { ProfilePart } from './components/edit-profile-modal';

// The modals carry the phone library: it loads when one opens, not with the page.
const EditProfileModal = lazy(() =>
  import('./components/edit-profile-modal').then((module) => ({ default: module.EditProfileModal })),
);
import { OrdersTable } from './components/orders-table';
import { ProfileCards } from './components/profile-cards';
import './profile-page.css';

type Loaded = { orders: OrderRow[]; profile: Profile | null; ledger: LedgerInfo | null };

/** Spec section 2: one tab 'Orders & Profile' with the order history and the profile and billing cards. */
export function ProfilePage() {
  const accountId = useWalletSession((session) => session.accountId);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<ProfilePart | null>(null);

  const load = useCallback(async () => {
    try {
      const [orders, profile, ledger] = await Promise.all([
        profileApi.listOrders(),
        profileApi.getProfile(),
        profileApi.getLedgerInfo().catch(() => null),
      ]);
      setLoaded({ orders: orders.orders, profile: profile.profile, ledger });
      setFailed(false);
    } catch {
      // Spec section 7: list calls that fail are mostly silent; the page says it could not load.
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    // Lists load only for a signed-in account id of at least 3 characters (spec section 5).
    if (accountId && accountId.length >= 3) void load();
  }, [accountId, load]);

  const content = () => {
    if (failed)
      return <p role="alert">Your orders and profile could not be loaded. Reload the page to try again.</p>;
    if (!loaded || !accountId) return <Spinner label="Loading your orders and profile…" />;
    return (
      <div className="profile-page__content">
        <section aria-labelledby="orders-heading">
          <h2 id="orders-heading">Orders</h2>
          <OrdersTable orders={loaded.orders} ledger={loaded.ledger} />
        </section>
        <ProfileCards
          accountId={accountId}
          profile={loaded.profile}
          onEdit={setEditing}
          onChanged={() => void load()}
        />
      </div>
    );
  };

  return (
    <section data-page="profile" className="profile-page">
      <PageHeading
        title="Orders & Profile"
        tagline={accountId ? `Account ${accountId}` : undefined}
        back={{ to: paths.home, label: 'Back' }}
      />
      <Tabs label="Account" tabs={[{ id: 'orders', label: 'Orders & Profile', content: content() }]} />
      {editing ? (
        <Suspense fallback={<Spinner label="Opening…" />}>
          <EditProfileModal
            part={editing}
            profile={loaded?.profile ?? null}
            onClose={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              void load();
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
