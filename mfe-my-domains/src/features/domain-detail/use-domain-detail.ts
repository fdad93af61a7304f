import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError } from '@registry/api-client/client';
import type { DomainDetail } from '@registry/contracts/my-domains';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../../api/my-domains-api';

/** A domain of the account (its own, or another provider's), loaded once a wallet is connected. */
export function useDomainDetail(name: string) {
  const accountId = useWalletSession((session) => session.accountId);
  const [detail, setDetail] = useState<DomainDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setDetail(await myDomainsApi.getDomainDetails(name));
      setError(null);
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError && failure.status === 404
          ? `${name} is not one of your domains.`
          : 'The domain could not be loaded. Reload the page to try again.',
      );
    }
  }, [name]);

  useEffect(() => {
    if (accountId) void load();
  }, [accountId, load]);

  return { accountId, detail, error, load };
}
