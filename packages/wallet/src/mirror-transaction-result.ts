import { toMirrorTransactionId } from '@registry/contracts/hedera-ids';

export type MirrorResultOptions = {
  /** How long to wait for the mirror node to show the transaction (it lags consensus by seconds). */
  receiptTimeoutMs?: number;
  receiptPollMs?: number;
  fetch?: typeof fetch;
};

/**
 * The result (`SUCCESS`, `INSUFFICIENT_PAYER_BALANCE`, …) of a submitted transaction as the mirror
 * node records it, or null when it has not appeared within the timeout.
 */
export async function mirrorTransactionResult(
  mirrorNodeUrl: string,
  transactionId: string,
  { receiptTimeoutMs = 60_000, receiptPollMs = 1_000, fetch: fetchImpl = fetch }: MirrorResultOptions = {},
): Promise<string | null> {
  const url = `${mirrorNodeUrl.replace(/\/$/, '')}/api/v1/transactions/${toMirrorTransactionId(transactionId)}`;
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
