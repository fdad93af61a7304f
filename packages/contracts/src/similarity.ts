/**
 * How close a suggestion is to what was searched: characters equal at the same position, over the
 * longer length, as a whole percentage.
 */
export function similarityPercent(searched: string, suggestion: string): number {
  const longer = Math.max(searched.length, suggestion.length);
  if (longer === 0) return 100;
  let matching = 0;
  for (let index = 0; index < Math.min(searched.length, suggestion.length); index += 1) {
    if (searched[index] === suggestion[index]) matching += 1;
  }
  return Math.round((matching / longer) * 100);
}
