import type { BusEventMap, BusEventName } from '@registry/contracts/bus-events';

type Listener<K extends BusEventName> = (payload: BusEventMap[K]) => void;

export type EventBus = {
  emit<K extends BusEventName>(name: K, payload: BusEventMap[K]): void;
  /** Subscribes; returns the unsubscribe function. */
  on<K extends BusEventName>(name: K, listener: Listener<K>): () => void;
  /** Like `on`, and calls the listener at once with the last payload if one was emitted. */
  onWithLast<K extends BusEventName>(name: K, listener: Listener<K>): () => void;
  last<K extends BusEventName>(name: K): BusEventMap[K] | undefined;
};

const GLOBAL_KEY = Symbol.for('registry.event-bus');

function createEventBus(): EventBus {
  const target = new EventTarget();
  const lastPayloads = new Map<BusEventName, unknown>();

  const bus: EventBus = {
    emit(name, payload) {
      lastPayloads.set(name, payload);
      target.dispatchEvent(new CustomEvent(name, { detail: payload }));
    },
    on(name, listener) {
      const handler = (event: Event) => listener((event as CustomEvent).detail);
      target.addEventListener(name, handler);
      return () => target.removeEventListener(name, handler);
    },
    onWithLast(name, listener) {
      const off = bus.on(name, listener);
      const last = bus.last(name);
      if (last !== undefined) listener(last);
      return off;
    },
    last(name) {
      return lastPayloads.get(name) as BusEventMap[typeof name] | undefined;
    },
  };
  return bus;
}

/**
 * One bus per page. It lives on `globalThis` so that every copy of this module (a remote built with
 * another version, or a remote mounted alone on a third-party page) talks on the same channel.
 */
export function getEventBus(): EventBus {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: EventBus };
  holder[GLOBAL_KEY] ??= createEventBus();
  return holder[GLOBAL_KEY];
}

export const bus: EventBus = getEventBus();
