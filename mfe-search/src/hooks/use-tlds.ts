import { useEffect, useState } from 'react';
import { createApiClient } from '@registry/api-client/client';
import { DEFAULT_TLD } from '@registry/contracts/domain-name';

export type TldsState =
  | { status: 'loading'; tlds: string[] }
  | { status: 'ready'; tlds: string[] }
  | { status: 'error'; tlds: string[] };

/** The top-level domains on sale: `first` (hbar unless given) at once, the server's list when it arrives. */
export function useTlds(first: string = DEFAULT_TLD): TldsState {
  const [state, setState] = useState<TldsState>({ status: 'loading', tlds: [first] });
  useEffect(() => {
    let active = true;
    createApiClient()
      .listTlds()
      .then(({ tlds }) => {
        const names = tlds.map((tld) => tld.itemName);
        const ordered = [first, ...names.filter((name) => name !== first)];
        if (active) setState({ status: 'ready', tlds: ordered });
      })
      .catch(() => {
        if (active) setState((previous) => ({ status: 'error', tlds: previous.tlds }));
      });
    return () => {
      active = false;
    };
  }, [first]);
  return state;
}
