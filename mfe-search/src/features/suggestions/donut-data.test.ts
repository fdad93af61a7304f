import { describe, expect, it } from 'vitest';
import { DONUT_COLOURS, donutSlices } from './donut-data';

const suggestion = (name: string, similarity: number, id = 1) => ({
  id,
  name,
  price: 200,
  priceUsd: 10,
  similarity,
});

describe('the suggestions donut', () => {
  it('shows the closest suggestions, most similar first, each in its fixed colour', () => {
    const slices = donutSlices([
      suggestion('getalpha.hbar', 38),
      suggestion('alphaapp.hbar', 62),
      suggestion('alpha1.hbar', 83),
      suggestion('myalpha.hbar', 0),
    ]);
    expect(slices).toEqual([
      { id: 'alpha1.hbar', label: 'alpha1.hbar', value: 83, color: DONUT_COLOURS[0] },
      { id: 'alphaapp.hbar', label: 'alphaapp.hbar', value: 62, color: DONUT_COLOURS[1] },
      { id: 'getalpha.hbar', label: 'getalpha.hbar', value: 38, color: DONUT_COLOURS[2] },
    ]);
  });

  it('keeps at most one slice per colour, ties in name order', () => {
    const many = ['f', 'e', 'd', 'c', 'b', 'a', 'g'].map((label, index) =>
      suggestion(`${label}.hbar`, 50, index),
    );
    const slices = donutSlices(many);
    expect(slices.map((slice) => slice.label)).toEqual(['a.hbar', 'b.hbar', 'c.hbar', 'd.hbar', 'e.hbar']);
    expect(new Set(slices.map((slice) => slice.color)).size).toBe(DONUT_COLOURS.length);
  });
});
