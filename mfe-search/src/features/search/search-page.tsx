import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import { Card } from '@registry/ui/card';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import { searchDomain, searchSubdomain, type SearchResult } from './api/search-api';
import { SEARCH_INPUT_ID, SearchForm, type SearchRequest } from '../../components/search-form';
import { useTlds } from '../../hooks/use-tlds';
import './search-page.css';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';

// Shown only once a search is made: fetched with its first answer, not with the page.
const loadResultCard = () => import(/* webpackChunkName: "search-result" */ './components/search-result');
const SearchResultCard = lazy(() =>
  loadResultCard().then((module) => ({ default: module.SearchResultCard })),
);

export type SearchPageParts = {
  /** Suggestions for a name searched (loaded after a search: its table and chart stay out of the first load). */
  Suggestions: ComponentType<{ name: string }>;
  /** The connected account's domains, with a way back to the search box. */
  YourDomains: ComponentType<{ onAddNew: () => void }>;
};

/**
 * The result's place while it is found: the card's own rows at their sizes, so that the result appears
 * where the shopper is already looking and nothing under it moves.
 */
function ResultPlaceholder() {
  return (
    <Card className="search-result search-result--placeholder">
      <p className="search-result__name" role="status">
        Searching…
      </p>
    </Card>
  );
}

/** Says when the boundary it is in has shown its content (effects run once it is on the screen). */
function OnShown({ shown }: { shown: () => void }) {
  useEffect(shown, [shown]);
  return null;
}

/** The search box and its result; the parts from other features are given by the remote's pages. */
export function SearchPage({ Suggestions, YourDomains }: SearchPageParts) {
  const tlds = useTlds();
  const [result, setResult] = useState<SearchResult | null>(null);
  const [searching, setSearching] = useState(false);
  // Suggestions come after the result is on the screen: their own add buttons are never the first a
  // shopper can reach while the searched name's is still on its way.
  const [resultShown, setResultShown] = useState<SearchResult | null>(null);
  const latest = useRef(0);

  const search = async ({ fullName, parent }: SearchRequest) => {
    const id = (latest.current += 1);
    setSearching(true);
    setResultShown(null);
    void loadResultCard();
    const found = parent ? await searchSubdomain(fullName, parent) : await searchDomain(fullName);
    // Only the last search shows, however the answers arrive.
    if (id !== latest.current) return;
    setResult(found);
    setSearching(false);
  };

  return (
    <section data-page="search" className="search-page">
      <PageHeading {...PAGE_HEADINGS.search} />
      <SearchForm tlds={tlds} onSearch={(request) => void search(request)} />
      <div className="search-page__results" aria-live="polite" aria-busy={searching}>
        {searching ? (
          <ResultPlaceholder />
        ) : result ? (
          <Suspense fallback={<ResultPlaceholder />}>
            <SearchResultCard result={result} />
            <OnShown shown={() => setResultShown(result)} />
          </Suspense>
        ) : null}
      </div>
      {!searching && result?.kind === 'domain' && resultShown === result ? (
        <Suspense fallback={<Spinner label="Finding suggestions…" />}>
          <Suggestions name={result.availability.name} />
        </Suspense>
      ) : null}
      <YourDomains
        onAddNew={() => {
          window.scrollTo({ top: 0 });
          document.getElementById(SEARCH_INPUT_ID)?.focus();
        }}
      />
    </section>
  );
}
