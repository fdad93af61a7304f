import { describe, expect, it } from 'vitest';
import { cachedValue } from './cached-value';

describe('cachedValue', () => {
  it('loads once per period and shares a load in flight', async () => {
    let clock = 0;
    let loads = 0;
    const read = cachedValue(
      async () => {
        loads += 1;
        return loads;
      },
      1000,
      () => clock,
    );
    expect(await Promise.all([read(), read(), read()])).toEqual([1, 1, 1]);
    clock = 999;
    expect(await read()).toBe(1);
    clock = 1000;
    expect(await read()).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps no failure: the next call loads again', async () => {
    let fail = true;
    const read = cachedValue(async () => {
      if (fail) throw new Error('database down');
      return 'tlds';
    }, 1000);
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    expect(await read()).toBe('tlds');
  });

  it('loads on every call when the period is 0', async () => {
    let loads = 0;
    const read = cachedValue(async () => (loads += 1), 0);
    await read();
    await read();
    expect(loads).toBe(2);
  });
});
