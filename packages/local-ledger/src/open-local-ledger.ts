import type { LedgerDb } from './ledger-db';
import { LocalLedger, type GenesisOptions } from './local-ledger';
import { LocalLedgerWriter } from './local-ledger-writer';

export type LocalLedgerParts = { ledger: LocalLedger; writer: LocalLedgerWriter };

/**
 * The ledger over a database that has its tables (`ensureLedgerSchema`), its system accounts created on
 * first use, and a writer paying with the genesis account.
 */
export async function openLocalLedger(
  db: LedgerDb,
  clock?: () => bigint,
  genesis?: GenesisOptions,
): Promise<LocalLedgerParts> {
  const ledger = new LocalLedger(db, clock);
  return { ledger, writer: new LocalLedgerWriter(ledger, await ledger.bootstrap(genesis)) };
}
