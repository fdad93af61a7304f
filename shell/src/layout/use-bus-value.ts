import { useEffect, useState } from 'react';
import { bus } from '@registry/bus';
import type { BusEventMap, BusEventName } from '@registry/contracts/bus-events';

/** The last payload of a bus event, kept current. */
export function useBusValue<K extends BusEventName>(name: K): BusEventMap[K] | undefined {
  const [value, setValue] = useState(() => bus.last(name));
  useEffect(() => bus.onWithLast(name, setValue), [name]);
  return value;
}
