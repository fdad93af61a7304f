import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hederaModeEnv, startLocalLedgerProcess } from '../testing/local-ledger-process';
import { startMirrorProxy, type MirrorProxy } from '../testing/mirror-proxy';
import { buy, openDrill, resolveOn } from '../testing/registry-drill';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';
import { waitFor } from '../testing/wait-for';
import { openDatabase } from '../db/database';
import { ledgerFeeds } from '../db/schema';
import { TRANSFERS_FEED } from './ledger-watcher';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const OUTAGE_MS = 30_000;
const NAMES = 14;

/**
 * Server processes as `npm start` runs them (every worker on, the sweep off: whatever follows a transfer
 * is the feed) on a Hedera network (`npx local-ledger`), each reading the mirror REST through a road of
 * its own that can be cut; names bought and their NFTs sent between wallets by the test.
 */
async function openFeedFixture({
  servers: count,
  database,
}: {
  servers: number;
  /** The servers' database settings, and the transfers feed's cursor as it stands there now. */
  database: () => Promise<{ env: Record<string, string>; storedCursor: () => Promise<string> }>;
}) {
  buildServer();
  const ledger = await startLocalLedgerProcess();
  const chain = new LedgerClient(ledger.origin);
  const operator = await chain.openAccount();
  // HBAR dear enough that the buyers' faucet grants pay for every name.
  await chain.setRate(100);
  const { env: databaseEnv, storedCursor } = await database();
  const roads: MirrorProxy[] = [];
  for (let index = 0; index < count; index += 1) roads.push(await startMirrorProxy(ledger.origin));
  const env = {
    ...hederaModeEnv(ledger, operator),
    ...databaseEnv,
    HOLDER_SWEEP: 'false',
    FEED_LEASE_MS: '2000',
    WATCH_INTERVAL_MS: '200',
    JOB_LEASE_MS: '2000',
    RATE_LIMIT_SEARCH: '100000',
  };
  const servers: Array<ServerProcess | null> = roads.map(() => null);
  const running = () => servers.filter((each): each is ServerProcess => each !== null);
  const start = async (index: number) => {
    servers[index] = await startServerProcess({ ...env, MIRROR_NODE_URL: roads[index]!.mirrorUrl });
  };
  await start(0);
  const drill = await openDrill(ledger, () => running()[0]!, 'feed');
  const names = [
    drill.first,
    ...Array.from({ length: NAMES - 1 }, (_unused, index) => `${drill.run}n${index}.hbar`),
  ];
  for (const name of names.slice(1))
    await drill.registry().purchase(drill.buyer, drill.cookieOf(drill.buyer), buy(name));
  /** Who holds each name's NFT on the ledger, as the test moves them. */
  const holderOf = new Map<string, LedgerAccount>(names.map((name) => [name, drill.buyer]));
  await drill.allDelivered();
  const answers = await resolveOn(running()[0]!, names);
  const serialOf = new Map(names.map((name) => [name, answers[name]!.serialNo!]));

  return {
    drill,
    names,
    roads,
    servers,
    running,
    start,
    storedCursor,
    async killHard(index: number) {
      process.kill(servers[index]!.pid, 'SIGKILL');
      await waitFor(async () => servers[index]!.exitCode() !== null, 10_000);
      servers[index] = null;
    },
    async send(name: string, to: LedgerAccount) {
      await drill.chain.sendNft(holderOf.get(name)!, drill.collection, serialOf.get(name)!, to.accountId);
      holderOf.set(name, to);
    },
    /** The resolver of every running server answers each name with its NFT's holder on the ledger. */
    async resolversAgreeWithLedger() {
      const holders = await ledger.nftHolders(drill.collection);
      for (const [name, holder] of holderOf) expect(holders.get(name)).toEqual([holder.accountId]);
      await waitFor(async () => {
        for (const server of running()) {
          const resolved = await resolveOn(server, names);
          if (!names.every((name) => resolved[name]?.accountId === holderOf.get(name)!.accountId))
            return false;
        }
        return true;
      }, 90_000);
    },
    async close() {
      for (const server of running()) await server.stop();
      for (const road of roads) await road.close();
      await ledger.stop();
    },
  };
}
type FeedFixture = Awaited<ReturnType<typeof openFeedFixture>>;

const moved = async (server: ServerProcess) => {
  const metrics = await (await fetch(`${server.origin}/metrics`)).text();
  return Number(/^ledger_watcher_domains_moved_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
};

/** Two servers on one PostgreSQL database: one reader; `kill -9`; an outage of the mirror. */
describe.runIf(TEST_DATABASE_URL)("the network's transfers feed across server processes", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  let t: FeedFixture;
  /** The server that read the feed while both ran. */
  let leader = 0;

  beforeAll(async () => {
    t = await openFeedFixture({
      servers: 2,
      database: async () => {
        scratch = await createScratchPostgres(TEST_DATABASE_URL!);
        const url = scratch.url;
        return {
          env: { DATABASE_URL: url },
          async storedCursor() {
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              const { rows } = await client.query<{ cursor: string }>(
                "select cursor from ledger_feeds where name = 'transfers'",
              );
              return rows[0]!.cursor;
            } finally {
              await client.end();
            }
          },
        };
      },
    });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await scratch?.drop();
  });

  it('two servers, one reader: the second reads nothing of the feed while the first leads it', async () => {
    const { roads, drill, names } = t;
    await t.start(1);
    const before = roads.map((road) => road.transferReads().length);
    await t.send(names[0]!, drill.friend);
    await t.send(names[1]!, drill.buyers[1]!);
    await t.resolversAgreeWithLedger();
    // A few more rounds of both, with nothing new on the feed.
    await sleep(2000);
    const reads = roads.map((road, index) => road.transferReads().length - before[index]!);
    expect(Math.max(...reads)).toBeGreaterThan(0);
    expect(Math.min(...reads)).toBe(0);
    leader = reads.indexOf(Math.max(...reads));
  }, 180_000);

  it('the cursor survives kill -9: the other server, then a new one, read on from where it was', async () => {
    const { roads, drill, names } = t;
    const other = 1 - leader;
    await t.killHard(leader);
    const atKill = await t.storedCursor();
    const readsBefore = roads[other]!.transferReads().length;
    await t.send(names[2]!, drill.buyers[1]!);
    await t.send(names[2]!, drill.buyers[2]!);
    await t.send(names[3]!, drill.friend);
    await t.resolversAgreeWithLedger();
    // The survivor took the feed once the lease ran out, at the cursor the killed server had stored.
    expect(roads[other]!.transferReads()[readsBefore]).toBe(atKill);

    // The survivor killed too; transfers go on with no server; a new process starts on the database.
    await t.killHard(other);
    const atSecondKill = await t.storedCursor();
    expect(atSecondKill >= atKill).toBe(true);
    await t.send(names[4]!, drill.friend);
    await t.send(names[2]!, drill.buyers[3]!);
    const newcomerReads = roads[leader]!.transferReads().length;
    await t.start(leader);
    await t.resolversAgreeWithLedger();
    expect(roads[leader]!.transferReads()[newcomerReads]).toBe(atSecondKill);
    await t.start(other);
  }, 240_000);

  it('a 30 s mirror outage in the middle of transfers is caught up in order, each name moved once', async () => {
    const { roads, drill, names } = t;
    const running = t.running();
    const movedBefore = await Promise.all(running.map(moved));
    await t.resolversAgreeWithLedger();
    const atOutage = await t.storedCursor();
    const readsBefore = roads.map((road) => road.transferReads().length);

    for (const road of roads) road.setDown(true);
    const outageEnds = Date.now() + OUTAGE_MS;
    // Names sent on while the mirror cannot be read: some twice (the last receiver must win), one back
    // to where it was before the outage (nothing to move in the end).
    const movedNames = names.slice(5, 12);
    for (const [index, name] of movedNames.entries()) {
      await t.send(name, drill.buyers[1 + (index % 3)]!);
      if (index % 2 === 0) await t.send(name, drill.friend);
    }
    await t.send(names[12]!, drill.friend);
    await t.send(names[12]!, drill.buyer);
    // The servers stay up and answer from their rows meanwhile.
    const during = await resolveOn(running[0]!, movedNames);
    for (const name of movedNames) expect(during[name]?.accountId).toBe(drill.buyer.accountId);
    await sleep(Math.max(0, outageEnds - Date.now()));
    for (const server of running) expect(server.exitCode()).toBeNull();
    for (const road of roads) road.setDown(false);

    await t.resolversAgreeWithLedger();
    // Read on from the cursor stored before the outage: no gap, and nothing read past.
    const firstReads = roads
      .map((road, index) => road.transferReads()[readsBefore[index]!])
      .filter((cursor) => cursor !== undefined);
    expect(firstReads).toContain(atOutage);
    for (const cursor of firstReads) expect(cursor >= atOutage).toBe(true);
    // Each name that changed hands moved once, whichever server read the feed.
    const movedAfter = await Promise.all(running.map(moved));
    const movedByFeed = movedAfter.reduce((sum, count, index) => sum + count - movedBefore[index]!, 0);
    expect(movedByFeed).toBe(movedNames.length);
  }, 240_000);
});

/** `npm start`'s own database (PGlite in DATA_DIR): one server, killed and started again on its folder. */
describe('the transfers feed on the embedded database, through kill -9', () => {
  let dataDir: string;
  let t: FeedFixture;

  beforeAll(async () => {
    t = await openFeedFixture({
      servers: 1,
      database: async () => {
        dataDir = mkdtempSync(path.join(tmpdir(), 'registry-feed-'));
        return {
          env: { DATA_DIR: dataDir },
          // Read from the folder while no server has it open.
          async storedCursor() {
            const database = await openDatabase({ engine: 'pglite', dataDir });
            try {
              const [row] = await database.db
                .select({ cursor: ledgerFeeds.cursor })
                .from(ledgerFeeds)
                .where(eq(ledgerFeeds.name, TRANSFERS_FEED));
              return row!.cursor;
            } finally {
              await database.close();
            }
          },
        };
      },
    });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a new process on the same folder reads on from the cursor the killed one stored', async () => {
    const { roads, drill, names } = t;
    await t.send(names[0]!, drill.friend);
    await t.resolversAgreeWithLedger();
    await t.killHard(0);
    const atKill = await t.storedCursor();
    await t.send(names[1]!, drill.buyers[1]!);
    await t.send(names[1]!, drill.buyers[2]!);
    const readsBefore = roads[0]!.transferReads().length;
    await t.start(0);
    await t.resolversAgreeWithLedger();
    expect(roads[0]!.transferReads()[readsBefore]).toBe(atKill);
  }, 240_000);
});
