import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState } from '@registry/ui/empty-state';
import { Spinner } from '@registry/ui/spinner';
import { Tabs } from '@registry/ui/tabs';
import { useWalletSession } from '@registry/wallet/wallet-session';
import type { DomainCardData } from './api/list-domains';
import './web3-domains.css';

/** Spec: the product's name in the '{product} Domains' tab. */
const PRODUCT = 'Hedera';

type Lists = { hedera: DomainCardData[]; other: DomainCardData[] };

// Only a connected wallet has domains to show: a first visit loads none of the grid's code.
const DomainGrid = lazy(() =>
  import('./components/domain-grid').then((module) => ({ default: module.DomainGrid })),
);
const loadWeb3Domains = () => import('./api/list-domains').then((module) => module.loadWeb3Domains());

/** 'Your Web3 Domains' below the search: the signed-in account's domains in two tabs. */
export function Web3Domains({ onAddNew }: { onAddNew: () => void }) {
  const accountId = useWalletSession((state) => (state.status === 'paired' ? state.accountId : null));
  const [lists, setLists] = useState<Lists | null>(null);
  const [failed, setFailed] = useState(false);
  // Spec: lists load only when signed in with an account id of at least 3 characters.
  const signedIn = accountId !== null && accountId.length >= 3;

  useEffect(() => {
    if (!signedIn) return;
    let active = true;
    setLists(null);
    setFailed(false);
    loadWeb3Domains().then(
      (loaded) => active && setLists(loaded),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [signedIn, accountId]);

  const body = (cards: DomainCardData[] | undefined) => {
    if (!signedIn) return <EmptyState message="Wallet is not connected" />;
    if (failed) return <EmptyState message="No Domains Found" />;
    if (!cards) return <Spinner label="Loading your domains…" />;
    return (
      <Suspense fallback={<Spinner label="Loading your domains…" />}>
        <DomainGrid cards={cards} onAddNew={onAddNew} />
      </Suspense>
    );
  };

  return (
    <section className="web3-domains" aria-labelledby="web3-domains-title">
      <h2 id="web3-domains-title">Your Web3 Domains</h2>
      <Tabs
        label="Your Web3 Domains"
        tabs={[
          { id: 'hedera', label: `${PRODUCT} Domains`, content: body(lists?.hedera) },
          { id: 'other', label: 'Domains from other providers', content: body(lists?.other) },
        ]}
      />
    </section>
  );
}
