import { describe, expect, it } from 'vitest';
import { formatTinybars } from './hbar';
import { checkSendAmount, SEND_FEE_MARGIN_TINYBARS } from './send-hbar';

describe('an amount of HBAR to send', () => {
  it('is read in whole tinybars, up to eight decimals', () => {
    expect(checkSendAmount('5', null)).toEqual({ ok: true, tinybars: 500_000_000n });
    expect(checkSendAmount(' 0.00000001 ', null)).toEqual({ ok: true, tinybars: 1n });
    expect(checkSendAmount('1.5', null)).toEqual({ ok: true, tinybars: 150_000_000n });
  });

  it('refuses what is not an amount, nothing, and more decimals than a tinybar', () => {
    for (const typed of ['', 'five', '-1', '1e3', '0x10', '1.000000001', '1,5', '0', '0.0'])
      expect(checkSendAmount(typed, null).ok, typed).toBe(false);
  });

  it('must fit in the balance with the network fee', () => {
    const balance = 500_000_000n + SEND_FEE_MARGIN_TINYBARS;
    expect(checkSendAmount('5', balance)).toEqual({ ok: true, tinybars: 500_000_000n });
    expect(checkSendAmount('5.00000001', balance)).toEqual({
      ok: false,
      message: 'You have 5.01 HBAR: the amount and the network fee must fit in it',
    });
  });

  it('formats tinybars as HBAR without trailing zeros', () => {
    expect(formatTinybars(500_000_000n)).toBe('5');
    expect(formatTinybars(150_000_000n)).toBe('1.5');
    expect(formatTinybars(1n)).toBe('0.00000001');
    expect(formatTinybars(-250_000_000n)).toBe('-2.5');
  });
});
