import { describe, expect, it } from 'vitest';
import { median, percentile } from './statistics';

describe('bench statistics', () => {
  it('takes percentiles by nearest rank, in any order of the values', () => {
    const values = [40, 10, 30, 20, 50, 60, 70, 80, 90, 100];
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(100);
    expect(percentile(values, 10)).toBe(10);
    expect(percentile(values, 0)).toBe(10);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it('gives the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });
});
