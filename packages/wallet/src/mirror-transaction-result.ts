export type MirrorResultOptions = {
  /** How long to wait for the mirror node to show the transaction (it lags consensus by seconds). */
  receiptTimeoutMs?: number;
  receiptPollMs?: number;
  fetch?: typeof fetch;
};

/** `0.0.5@1700000000.000000123` → `0.0.5-1700000000-000000123`, the mirror node's form. */
export function mirrorTransactionId(transactionId: string): string {
  const [account, validStart] = transactionId.split('@') as [string, string];
  const [seconds, nanos = '0'] = validStart.split('.');
  return `${account}-${seconds}-${nanos.padStart(9, '0')}`;
}

/**
 * The result (`SUCCESS`, `INSUFFICIENT_PAYER_BALANCE`, …) of a submitted transaction as the mirror
 * node records it, or null when it has not appeared within the timeout.
 */
export async function mirrorTransactionResult(
  mirrorNodeUrl: string,
  transactionId: string,
  { receiptTimeoutMs = 60_000, receiptPollMs = 1_000, fetch: fetchImpl = fetch }: MirrorResultOptions = {},
): Promise<string | null> {
  const url = `${mirrorNodeUrl.replace(/\/$/, '')}/api/v1/transactions/${mirrorTransactionId(transactionId)}`;
  const deadline = Date.now() + receiptTimeoutMs;
  for (;;) {
    const response = await fetchImpl(url).catch(() => null);
    if (response?.ok) {
      const body = (await response.json()) as { transactions?: { result: string }[] };
      const result = body.transactions?.[0]?.result;
      if (result) return result;
    }
    if (Date.now() + receiptPollMs > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, receiptPollMs));
  }
}
