import { useCallback, useEffect, useState } from 'react';
import { bus } from '@registry/bus';
import { ApiRequestError } from '@registry/api-client/client';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../api/my-domains-api';

/**
 * The connected account's primary name (undefined while it loads, null when none stands), and the
 * free calls that change it; the header hears of each change through the bus.
 */
export function usePrimaryName() {
  const accountId = useWalletSession((session) => session.accountId);
  const [name, setName] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!accountId) return;
    let current = true;
    myDomainsApi
      .getPrimaryName()
      .then((answer) => current && setName(answer.name))
      .catch(() => current && setName(null));
    return () => {
      current = false;
    };
  }, [accountId]);

  const change = useCallback(
    async (next: string | null) => {
      if (!accountId) return;
      setBusy(true);
      try {
        const answer = next ? await myDomainsApi.setPrimaryName(next) : await myDomainsApi.clearPrimaryName();
        setName(answer.name);
        bus.emit('identity:primary-name', { accountId, name: answer.name });
        bus.emit('toast', {
          kind: 'success',
          message: answer.name ? `${answer.name} is now your primary name` : 'You have no primary name now',
        });
      } catch (failure) {
        bus.emit('toast', {
          kind: 'error',
          message:
            failure instanceof ApiRequestError && failure.message
              ? failure.message
              : 'The primary name could not be changed. Try again.',
        });
      } finally {
        setBusy(false);
      }
    },
    [accountId],
  );

  return {
    name,
    busy,
    setPrimary: (domainName: string) => change(domainName),
    clearPrimary: () => change(null),
  };
}
