import * as z from 'zod/mini';

/** USD for one HBAR, refreshed every 10 minutes. */
export const RateSchema = z.object({ usdPerHbar: z.number(), fetchedAt: z.string() });
export type Rate = z.infer<typeof RateSchema>;

/** Which ledger the registry uses, whom to pay, and what the browser wallets need. */
export const LedgerInfoSchema = z.object({
  /**
   * `local` (the embedded local ledger), `testnet`, `mainnet`, or `local-node`: a local Hedera network
   * reached as the real one is (`npx local-ledger`, hiero-local-node).
   */
  network: z.string(),
  treasuryAccountId: z.string(),
  walletConnectProjectId: z.nullable(z.string()),
  /** Origin of the mirror node the wallets read (`/ledger` on the local ledger). */
  mirrorNodeUrl: z.string(),
});
export type LedgerInfo = z.infer<typeof LedgerInfoSchema>;
