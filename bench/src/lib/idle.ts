/**
 * What a server does with nobody asking: its workers' timers (ledger watcher, job worker, sweepers)
 * cost CPU and database transactions for ever, and that cost counts in every request's figures too.
 */
import pg from 'pg';
import { setTimeout as sleep } from 'node:timers/promises';
import { POSTGRES_URL } from './options';
import { processCpuUs, runAlone, type Running } from './processes';

export type IdleMeasure = {
  /** The process's CPU time (every thread) per second of idling, ms. */
  cpuMsPerS: number;
  /** Transactions committed in its database per second (PostgreSQL only; null on PGlite). */
  transactionsPerS: number | null;
};

/** Transactions committed so far in the database at `databaseUrl`, read from another database. */
export async function committedTransactions(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  // Read through the bench's own database, so the reading is not counted among those it reads.
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ committed: string }>(
      'select xact_commit::text as committed from pg_stat_database where datname = $1',
      [name],
    );
    return Number(rows[0]?.committed ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Lets `server` run alone (the others in `servers` stopped) for `seconds` with no request, and reads its
 * CPU time and, given its database, the transactions committed there. Backends report their counts
 * about once a second, so a window of 10 s or more is read to within a tenth.
 */
export async function measureIdle(
  server: Running,
  servers: Running[],
  { seconds, databaseUrl }: { seconds: number; databaseUrl?: string },
): Promise<IdleMeasure> {
  await runAlone(server, servers);
  const committedBefore = databaseUrl ? await committedTransactions(databaseUrl) : null;
  const cpuBefore = await processCpuUs(server.pid);
  await sleep(seconds * 1000);
  const cpuUs = (await processCpuUs(server.pid)) - cpuBefore;
  const committed =
    databaseUrl && committedBefore !== null
      ? (await committedTransactions(databaseUrl)) - committedBefore
      : null;
  return {
    cpuMsPerS: Math.round((cpuUs / 1000 / seconds) * 10) / 10,
    transactionsPerS: committed === null ? null : Math.round((committed / seconds) * 10) / 10,
  };
}
