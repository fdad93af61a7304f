import { PageHeading } from '@registry/ui/page-heading';
import { TldSelect } from './components/tld-select';
import { useTlds } from './hooks/use-tlds';

export function SearchPage() {
  const tlds = useTlds();
  return (
    <section data-page="search">
      <PageHeading title="Smart domains. Tokenized on Hedera." tagline="Humanizing Internet, Safely." />
      <div className="search-bar">
        <TldSelect state={tlds} />
      </div>
    </section>
  );
}
