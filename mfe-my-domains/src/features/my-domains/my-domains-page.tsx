import { useCallback, useState } from 'react';
import { RENEW_LIMIT } from '@registry/contracts/orders';
import { Button } from '@registry/ui/button';
import { renewAction } from '../../api/domain-actions';
import { YearsSelect } from '../../components/years-select';
import { PaidDomainModal } from '../../components/paid-domain-modal';
import { paths } from '@registry/contracts/routes';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';
import { AppLink } from '@registry/ui/app-link';
import { PageHeading } from '@registry/ui/page-heading';
import { myDomainsApi } from '../../api/my-domains-api';
import { AccountListBody } from '../../components/account-list-body';
import { DomainTable } from '../../components/domain-table';
import { useAccountList } from '../../components/use-account-list';
import '../../components/lists.css';
import { usePrimaryName } from '../../components/use-primary-name';

/** `/gui/w3mydomains`: the account's domains, Manage per row. */
export function MyDomainsPage() {
  const load = useCallback(async () => (await myDomainsApi.listMyDomains()).domains, []);
  const list = useAccountList(load);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [renewing, setRenewing] = useState(false);
  const [years, setYears] = useState(1);
  const primary = usePrimaryName();
  const toggle = (name: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else if (next.size < RENEW_LIMIT) next.add(name);
      return next;
    });
  return (
    <section data-page="my-domains" className="list-page">
      <PageHeading {...PAGE_HEADINGS.myDomains}>
        <AppLink className="list-page__link" to={paths.pending}>
          Pending Domain Transactions
        </AppLink>
      </PageHeading>
      <AccountListBody
        list={list}
        failedMessage="Your domains could not be loaded. Reload the page to try again."
        loadingLabel="Loading your domains…"
      >
        {(domains) => (
          <>
            <div className="list-page__actions">
              <p>Select domains to renew them together, in one payment.</p>
              <Button disabled={selected.size === 0} onClick={() => setRenewing(true)}>
                Renew selected ({selected.size})
              </Button>
            </div>
            <DomainTable
              caption="Domains"
              domains={domains}
              selection={{ selected, toggle }}
              primaryName={primary.name ?? null}
            />
          </>
        )}
      </AccountListBody>
      {renewing ? (
        <PaidDomainModal
          action={renewAction([...selected], years * 12)}
          onClose={() => setRenewing(false)}
          onDone={() => {
            setSelected(new Set());
            void list.reload();
          }}
        >
          <p>{[...selected].join(', ')}</p>
          <YearsSelect label="Renew each by" years={years} onChange={setYears} />
        </PaidDomainModal>
      ) : null}
    </section>
  );
}
