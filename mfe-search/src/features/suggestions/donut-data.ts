import type { Suggestion } from '@registry/contracts/domains';

/** The donut's fixed colours, closest suggestion first (contrast checked against the page background). */
export const DONUT_COLOURS = ['#7c5cff', '#35c4a5', '#f5a524', '#e5484d', '#3e9bff'] as const;

export type DonutSlice = { id: string; label: string; value: number; color: string };

/**
 * The closest suggestions by similarity, most similar first (ties by name), one fixed colour each;
 * suggestions sharing nothing with the search are left out.
 */
export function donutSlices(suggestions: Suggestion[]): DonutSlice[] {
  return [...suggestions]
    .filter((suggestion) => suggestion.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.name.localeCompare(b.name))
    .slice(0, DONUT_COLOURS.length)
    .map((suggestion, index) => ({
      id: suggestion.name,
      label: suggestion.name,
      value: suggestion.similarity,
      color: DONUT_COLOURS[index]!,
    }));
}
