import { lazy, Suspense, useState } from 'react';
import { bus } from '@registry/bus';
import {
  CLAIM_BALANCE_MARGIN_HBAR,
  CLAIM_DEFAULT_TLD,
  CLAIM_PAGE_MESSAGES,
} from '@registry/contracts/orders';
import { formatAmount } from '@registry/contracts/pricing';
import { paths } from '@registry/contracts/routes';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';
import { PaymentStatus } from '@registry/paid-flow';
import { Button } from '@registry/ui/button';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { SearchForm, type SearchRequest } from '../../components/search-form';
import { useTlds } from '../../hooks/use-tlds';
import { checkClaim, claimApi, claimJournal } from './api/claim-api';
import './claim-page.css';

// The dialogs, the paid flow and the wallet code load when a claim gets that far.
const ClaimPayment = lazy(() => import('./components/claim-payment'));
const MinimumBalanceDialog = lazy(() => import('./components/minimum-balance-dialog'));

type ClaimState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'refused'; message: string; connect: boolean }
  | { kind: 'minimum-balance'; amount: string }
  | { kind: 'paying'; name: string };

/**
 * The claim promotion: a holder of the claim token gets one domain (default top-level 'blade') for
 * 12 months, paid through the paid flow; it lands on the Pending list while delivery completes.
 */
export function ClaimPage() {
  const tlds = useTlds(CLAIM_DEFAULT_TLD);
  const accountId = useWalletSession((session) => session.accountId);
  const adapter = useWalletSession((session) => session.adapter);
  const [state, setState] = useState<ClaimState>({ kind: 'idle' });

  const refuse = (message: string, connect = false) => setState({ kind: 'refused', message, connect });

  const claim = async ({ fullName }: SearchRequest) => {
    if (!accountId) return refuse(CLAIM_PAGE_MESSAGES.connectWallet, true);
    setState({ kind: 'checking' });
    const check = await checkClaim(fullName);
    if (check.kind === 'refused') return refuse(check.message, check.signedOut === true);
    const wallet = await adapter().catch(() => null);
    if (!wallet) return refuse(CLAIM_PAGE_MESSAGES.connectWallet, true);
    let balance: number;
    try {
      balance = await wallet.balance();
    } catch {
      return refuse(CLAIM_PAGE_MESSAGES.lookupFailed);
    }
    const needed = check.price + CLAIM_BALANCE_MARGIN_HBAR;
    if (balance < needed) return setState({ kind: 'minimum-balance', amount: formatAmount(needed) });

    setState({ kind: 'paying', name: check.name });
  };
  const close = () => setState({ kind: 'idle' });

  return (
    <section data-page="claim" className="claim-page">
      <PageHeading {...PAGE_HEADINGS.claim} />
      <SearchForm
        tlds={tlds}
        submitLabel="Claim Domain"
        inputId="claim-domain-input"
        topLevelOnly
        onSearch={(request) => void claim(request)}
      />
      <PaymentStatus
        journal={claimJournal}
        api={claimApi}
        onSettled={() => bus.emit('navigate', { to: paths.pending })}
      />
      <div className="claim-page__status" aria-live="polite">
        {state.kind === 'checking' ? <Spinner label="Checking eligibility…" /> : null}
        {state.kind === 'refused' ? (
          <div className="claim-page__refusal" role="alert">
            <p>{state.message}</p>
            {state.connect ? (
              <Button variant="ghost" onClick={() => bus.emit('wallet:connect-requested', {})}>
                Connect Wallet
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <Suspense fallback={null}>
        {state.kind === 'minimum-balance' ? (
          <MinimumBalanceDialog amount={state.amount} onClose={close} />
        ) : null}
        {state.kind === 'paying' ? <ClaimPayment name={state.name} onClose={close} /> : null}
      </Suspense>
    </section>
  );
}
