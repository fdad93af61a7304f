/** The spec's messages of the search result (sections 2, 5 and 8). */
export const SEARCH_MESSAGES = {
  mintingPaused:
    'Something went wrong, unable to connect - minting has paused, please re-try after some time',
  networkError: 'Something went wrong-[N/W-5575]',
  parentMissing: (parent: string) => `Domain [${parent}] is not existing !`,
  parentLookupFailed: 'Something went wrong [SL-Zero] !',
} as const;
