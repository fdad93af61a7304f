/** The mirror node's formats of timestamps, transaction ids and entity ids. */
import { canonicalEntityId } from './account';

/** Nanoseconds since the epoch as `seconds.nanos` (nine digits). */
export function formatTimestamp(ns: bigint): string {
  const seconds = ns / 1_000_000_000n;
  const nanos = ns % 1_000_000_000n;
  return `${seconds}.${nanos.toString().padStart(9, '0')}`;
}

export function parseTimestamp(value: string): bigint {
  const [seconds = '0', nanos = '0'] = value.split('.');
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos.padEnd(9, '0').slice(0, 9));
}

/** `0.0.1001@1700000000.000000123` (SDK) → `0.0.1001-1700000000-000000123` (mirror node). */
export function toMirrorTransactionId(sdkId: string): string {
  const [account, validStart] = sdkId.split('@') as [string, string];
  const [seconds, nanos = '0'] = validStart.split('.');
  return `${account}-${seconds}-${nanos.padStart(9, '0')}`;
}

/** Accepts either form and answers the mirror form with a canonical payer, or null when it is neither. */
export function normaliseTransactionId(value: string): string | null {
  const match =
    /^(\d+\.\d+\.\d+)-(\d{1,19})-(\d{1,9})$/.exec(value) ??
    /^(\d+\.\d+\.\d+)@(\d{1,19})\.(\d{1,9})$/.exec(value);
  const payer = match ? canonicalEntityId(match[1]!) : null;
  if (!match || !payer) return null;
  return `${payer}-${BigInt(match[2]!)}-${match[3]!.padStart(9, '0')}`;
}

/** The account that paid for (and so made) a transaction, from its mirror-form id. */
export const payerOf = (mirrorTransactionId: string): string => mirrorTransactionId.split('-')[0]!;

export const ENTITY_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
