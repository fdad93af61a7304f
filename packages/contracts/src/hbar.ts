/** HBAR and tinybars, converted one way everywhere. */

export const TINYBARS_PER_HBAR = 100_000_000;

/** An amount in HBAR as whole tinybars (rounded to the nearest one). */
export const hbarToTinybars = (hbar: number): bigint => BigInt(Math.round(hbar * TINYBARS_PER_HBAR));

/** Tinybars as HBAR, for display and the spec's HBAR fields. */
export const tinybarsToHbar = (tinybars: bigint | number): number => Number(tinybars) / TINYBARS_PER_HBAR;

/** Tinybars as HBAR text, exact and without trailing zeros: 500000000n → '5', 150000000n → '1.5'. */
export function formatTinybars(tinybars: bigint): string {
  const size = tinybars < 0n ? -tinybars : tinybars;
  const perHbar = BigInt(TINYBARS_PER_HBAR);
  const fraction = (size % perHbar).toString().padStart(8, '0').replace(/0+$/, '');
  return `${tinybars < 0n ? '-' : ''}${size / perHbar}${fraction ? `.${fraction}` : ''}`;
}
