import { parseArgs } from 'node:util';
import { GENESIS_ACCOUNT } from './ledger-accounts';
import { openLedgerDatabase } from './ledger-database';
import { createLedgerServer } from './ledger-server';

const USAGE = `Usage: local-ledger [--port 5600] [--host 127.0.0.1] [--data-dir DIR | --database-url URL]
                    [--usd-per-hbar 0.05] [--open]

A Hedera ledger and mirror node in one process. Submit signed transaction bytes to
POST /ledger/transactions, read /ledger/api/v1/... as from a mirror node, fund accounts with
POST /ledger/faucet. Without --data-dir or --database-url its state lives in memory.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '5600' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'usd-per-hbar': { type: 'string', default: '0.05' },
    open: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
const usdPerHbar = Number(values['usd-per-hbar']);
if (!Number.isInteger(port) || port < 0 || port > 65_535 || !(usdPerHbar > 0)) {
  console.error(USAGE);
  process.exit(2);
}

const database = await openLedgerDatabase(
  values['database-url'] ? { url: values['database-url'] } : { dataDir: values['data-dir'] ?? null },
);
const server = await createLedgerServer({ db: database.db, usdPerHbar, openToNetwork: values.open });
const address = await server.app.listen({ port, host: values.host });
console.log(`Local ledger on ${address}`);
console.log(`  consensus: POST ${address}/ledger/transactions   mirror: ${address}/ledger/api/v1`);
console.log(`  faucet: POST ${address}/ledger/faucet {"publicKey": "<DER hex>"}`);
console.log(
  `  genesis account ${GENESIS_ACCOUNT}, key (development only): ${server.writer.operatorKey.toStringDer()}`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await server.app.close();
    await database.close();
    process.exit(0);
  });
}
