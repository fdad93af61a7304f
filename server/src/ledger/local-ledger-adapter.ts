/**
 * The one door between the server and the embedded local ledger (LEDGER=local). The ledger is a
 * development network of its own: it keeps its tables itself (packages/local-ledger/schema), beside the
 * registry's in the same database, and the registry reaches it through the ledger ports everywhere else.
 * Lint keeps every other server file off `@registry/local-ledger`.
 */
import type { LedgerDb } from '@registry/local-ledger/ledger-db';
import { ensureLedgerSchema } from '@registry/local-ledger/ensure-schema';
import { openLocalLedger, type LocalLedgerParts } from '@registry/local-ledger/open-local-ledger';

export { loopbackOnly, localLedgerDevRoutes } from '@registry/local-ledger/dev-routes';
export { isFromThisMachine, isLoopback, LEDGER_DOWN } from '@registry/local-ledger/ledger-http';
export type { LocalLedger } from '@registry/local-ledger/local-ledger';
export { LedgerTransactionError, type LocalLedgerWriter } from '@registry/local-ledger/local-ledger-writer';
export type { LocalRate } from '@registry/local-ledger/mirror-format';
export { localLedgerRestRoutes } from '@registry/local-ledger/rest-routes';
export type { LocalLedgerParts };

/** The embedded ledger in the registry's database: its tables made or brought up to date, then opened. */
export async function openEmbeddedLedger(db: LedgerDb): Promise<LocalLedgerParts> {
  await ensureLedgerSchema(db);
  return openLocalLedger(db);
}
