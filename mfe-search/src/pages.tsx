import type { ComponentType } from 'react';
import { SearchPage } from './features/search/search-page';
import { ClaimPage } from './features/claim/claim-page';

/** The pages this remote gives the shell, keyed by the page ids of the shell's route table. */
export const pages: Record<string, ComponentType> = {
  search: SearchPage,
  claim: ClaimPage,
};
