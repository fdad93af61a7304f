import { buildApp } from './app/build-app';
import { hederaNodes, loadConfig } from './config';
import { openDatabase } from './db/database';
import { HederaLedgerWriter } from './ledger/hedera/hedera-ledger-writer';
import { openEmbeddedLedger } from './ledger/local-ledger-adapter';

const config = loadConfig();
const database = await openDatabase(
  config.DATABASE_URL
    ? {
        engine: 'postgres',
        url: config.DATABASE_URL,
        connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
        statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      }
    : { engine: 'pglite', dataDir: config.DATA_DIR },
);
async function ledgerDependencies() {
  if (config.LEDGER === 'hedera') {
    return {
      hederaWriter: new HederaLedgerWriter(
        hederaNodes(config) ?? config.HEDERA_NETWORK,
        config.HEDERA_OPERATOR_ID!,
        config.HEDERA_OPERATOR_KEY!,
      ),
    };
  }
  return { localLedger: await openEmbeddedLedger(database.db) };
}
const app = await buildApp({ config, database, ...(await ledgerDependencies()) });

async function shutdown(signal: string) {
  app.log.info(`${signal} received, shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
// A rejection nobody handled is a defect to log loudly, not a reason to stop serving everyone else.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled rejection');
});
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
// The operator's switch for the access lines (a busy moment, or measuring what they cost).
process.on('SIGUSR2', () => {
  const written = app.requestLifecycle.toggleAccessLines();
  app.log.warn(written ? 'access lines resumed (SIGUSR2)' : 'access lines paused (SIGUSR2)');
});

await app.listen({ port: config.PORT, host: config.HOST });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(`Hedera Domains is running at http://localhost:${port}`);
// Level with the ledger first (after a restore, or a rebuild from the journal): reads answer meanwhile,
// writes wait; a ledger or database failure is tried again, never the end of the process.
for (let attempt = 1; app.recovery; attempt += 1) {
  try {
    await app.recovery.catchUp();
    break;
  } catch (error) {
    const pauseMs = Math.min(1000 * 2 ** (attempt - 1), 30_000);
    app.log.warn({ err: error }, `catching up with the journal failed; trying again in ${pauseMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
app.jobWorker?.start();
app.ledgerWatcher?.start(config.WATCH_INTERVAL_MS, config.WATCH_PAYMENTS_INTERVAL_MS);
app.reminderSweeper.start(config.REMINDER_SWEEP_MS);
app.releaseSweeper.start(config.RELEASE_SWEEP_MS);
app.journalPublisher?.start(config.WATCH_INTERVAL_MS);
app.canaryWork.start(config.CANARY_JUDGE_MS);
