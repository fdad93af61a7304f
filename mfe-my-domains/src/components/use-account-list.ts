import { useCallback, useEffect, useState } from 'react';
import { useWalletSession } from '@registry/wallet/wallet-session';

/**
 * A list of the signed-in account, loaded once its account id (at least 3 characters, spec section 5)
 * is known; failures are quiet (section 7) but the page says the list could not be read.
 */
export function useAccountList<T>(load: () => Promise<T[]>) {
  const accountId = useWalletSession((session) => session.accountId);
  const [items, setItems] = useState<T[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reload = useCallback(async () => {
    try {
      setItems(await load());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [load]);
  useEffect(() => {
    if (accountId && accountId.length >= 3) void reload();
  }, [accountId, reload]);
  return { items, failed, reload };
}
