import { useEffect, useState } from 'react';
import { bus } from '@registry/bus';
import { api } from '../api';

/**
 * The signed-in account's primary name, read once signed in and kept current when a page changes it;
 * null while none stands (or it cannot be read: the account id is shown then).
 */
export function usePrimaryName(accountId: string): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setName(null);
    api
      .getPrimaryName()
      .then((answer) => current && setName(answer.name))
      .catch(() => undefined);
    const stop = bus.on('identity:primary-name', (event) => {
      if (event.accountId === accountId) setName(event.name);
    });
    return () => {
      current = false;
      stop();
    };
  }, [accountId]);
  return name;
}
