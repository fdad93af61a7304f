import { describe, expect, it, vi } from 'vitest';
import { bus, getEventBus } from './bus';

describe('event bus', () => {
  it('delivers typed payloads to subscribers until they unsubscribe', () => {
    const seen: number[] = [];
    const off = bus.on('cart:changed', (event) => seen.push(event.count));
    bus.emit('cart:changed', { count: 1, itemNames: ['alpha.hbar'] });
    off();
    bus.emit('cart:changed', { count: 2, itemNames: ['alpha.hbar', 'beta.hbar'] });
    expect(seen).toEqual([1]);
  });

  it('replays the last payload to late subscribers with onWithLast', () => {
    bus.emit('rate:updated', { usdPerHbar: 0.123, fetchedAt: '2026-01-01T00:00:00Z' });
    const listener = vi.fn();
    const off = bus.onWithLast('rate:updated', listener);
    expect(listener).toHaveBeenCalledWith({ usdPerHbar: 0.123, fetchedAt: '2026-01-01T00:00:00Z' });
    off();
  });

  it('is one instance per page even when the module is loaded twice', async () => {
    vi.resetModules();
    const second = await import('./bus');
    expect(second.getEventBus()).toBe(getEventBus());
    const listener = vi.fn();
    const off = second.bus.on('toast', listener);
    bus.emit('toast', { kind: 'info', message: 'hello' });
    expect(listener).toHaveBeenCalledWith({ kind: 'info', message: 'hello' });
    off();
  });

  it('keeps events apart by name', () => {
    const wallet = vi.fn();
    const off = bus.on('wallet:connected', wallet);
    bus.emit('wallet:disconnected', {});
    expect(wallet).not.toHaveBeenCalled();
    off();
  });
});
