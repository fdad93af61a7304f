/** Sending HBAR from the connected wallet to a name or an account. */

import { formatTinybars, TINYBARS_PER_HBAR } from './hbar';

const PER_HBAR = BigInt(TINYBARS_PER_HBAR);

/** A network fee left aside when checking an amount against the balance (a transfer costs far less). */
export const SEND_FEE_MARGIN_TINYBARS = 1_000_000n;

export type AmountCheck = { ok: true; tinybars: bigint } | { ok: false; message: string };

/**
 * An amount typed in HBAR (up to 8 decimals, a tinybar) checked against what the wallet holds, in
 * whole tinybars so nothing is lost to floating point.
 */
export function checkSendAmount(typed: string, balanceTinybars: bigint | null): AmountCheck {
  const text = typed.trim();
  const match = /^(\d{1,10})(?:\.(\d{1,8}))?$/.exec(text);
  if (!match) return { ok: false, message: 'Enter an amount in HBAR such as 5 or 0.5' };
  const tinybars = BigInt(match[1]!) * PER_HBAR + BigInt((match[2] ?? '').padEnd(8, '0'));
  if (tinybars <= 0n) return { ok: false, message: 'The amount must be more than 0 HBAR' };
  if (balanceTinybars !== null && tinybars + SEND_FEE_MARGIN_TINYBARS > balanceTinybars)
    return {
      ok: false,
      message: `You have ${formatTinybars(balanceTinybars)} HBAR: the amount and the network fee must fit in it`,
    };
  return { ok: true, tinybars };
}
