import { lazy } from 'react';
import { SearchPage } from './features/search/search-page';
import { Web3Domains } from './features/web3-domains/web3-domains';

// Shown only after a search: its table and chart stay out of the search page's first load.
const SuggestionsPanel = lazy(() =>
  import('./features/suggestions/components/suggestions-panel').then((module) => ({
    default: module.SuggestionsPanel,
  })),
);

/** The search page as the route shows it: the search, its suggestions and the account's domains. */
export function SearchRoute() {
  return <SearchPage Suggestions={SuggestionsPanel} YourDomains={Web3Domains} />;
}
