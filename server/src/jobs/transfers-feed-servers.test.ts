import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../testing/local-ledger-process';
import { startMirrorProxy, type MirrorProxy } from '../testing/mirror-proxy';
import { buy, openDrill, resolveOn, type Drill } from '../testing/registry-drill';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';
import { waitFor } from '../testing/wait-for';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const OUTAGE_MS = 30_000;
const NAMES = 14;

/**
 * Server processes as `npm start` runs them (every worker on, the sweep off: whatever follows a transfer
 * is the feed), on one PostgreSQL database and a Hedera network (`npx local-ledger`), each reading the
 * mirror REST through a road of its own that can be cut: two servers, one reader; `kill -9`; an outage.
 */
describe.runIf(TEST_DATABASE_URL)("the network's transfers feed across server processes", () => {
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let ledger: LocalLedgerProcess;
  let env: Record<string, string>;
  const roads: MirrorProxy[] = [];
  const servers: Array<ServerProcess | null> = [null, null];
  let drill: Drill;
  let names: string[] = [];
  /** The server that read the feed while both ran. */
  let leader = 0;
  /** Who holds each name's NFT on the ledger, as the test moves them. */
  const holderOf = new Map<string, LedgerAccount>();
  const serialOf = new Map<string, number>();

  const admin = async <T extends pg.QueryResultRow>(statement: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return (await client.query<T>(statement)).rows;
    } finally {
      await client.end();
    }
  };
  const storedCursor = async () =>
    (await admin<{ cursor: string }>("select cursor from ledger_feeds where name = 'transfers'"))[0]!.cursor;

  const start = async (index: number) => {
    servers[index] = await startServerProcess({ ...env, MIRROR_NODE_URL: roads[index]!.mirrorUrl });
  };
  const anyServer = () => servers.find((server) => server && server.exitCode() === null)!;
  const killHard = async (index: number) => {
    process.kill(servers[index]!.pid, 'SIGKILL');
    await waitFor(async () => servers[index]!.exitCode() !== null, 10_000);
    servers[index] = null;
  };

  async function send(name: string, to: LedgerAccount) {
    await drill.chain.sendNft(holderOf.get(name)!, drill.collection, serialOf.get(name)!, to.accountId);
    holderOf.set(name, to);
  }

  /** The resolver of every running server answers each name with its NFT's holder on the ledger. */
  async function resolversAgreeWithLedger() {
    const holders = await ledger.nftHolders(drill.collection);
    for (const [name, holder] of holderOf) expect(holders.get(name)).toEqual([holder.accountId]);
    await waitFor(async () => {
      for (const server of servers.filter((each): each is ServerProcess => each !== null)) {
        const answers = await resolveOn(server, names);
        if (!names.every((name) => answers[name]?.accountId === holderOf.get(name)!.accountId)) return false;
      }
      return true;
    }, 90_000);
  }

  const moved = async (server: ServerProcess) => {
    const metrics = await (await fetch(`${server.origin}/metrics`)).text();
    return Number(/^ledger_watcher_domains_moved_total (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };

  beforeAll(async () => {
    buildServer();
    ledger = await startLocalLedgerProcess();
    const chain = new LedgerClient(ledger.origin);
    const operator = await chain.openAccount();
    // HBAR dear enough that the buyers' faucet grants pay for every name.
    await chain.setRate(100);
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    roads.push(await startMirrorProxy(ledger.origin), await startMirrorProxy(ledger.origin));
    env = {
      ...hederaModeEnv(ledger, operator),
      DATABASE_URL: scratch.url,
      HOLDER_SWEEP: 'false',
      FEED_LEASE_MS: '2000',
      WATCH_INTERVAL_MS: '200',
      JOB_LEASE_MS: '2000',
      RATE_LIMIT_SEARCH: '100000',
    };
    await start(0);
    drill = await openDrill(ledger, () => anyServer(), 'feed');
    names = [
      drill.first,
      ...Array.from({ length: NAMES - 1 }, (_unused, index) => `${drill.run}n${index}.hbar`),
    ];
    for (const name of names.slice(1))
      await drill.registry().purchase(drill.buyer, drill.cookieOf(drill.buyer), buy(name));
    for (const name of names) holderOf.set(name, drill.buyer);
    await drill.allDelivered();
    const answers = await resolveOn(anyServer(), names);
    for (const name of names) serialOf.set(name, answers[name]!.serialNo!);
  }, 300_000);

  afterAll(async () => {
    for (const server of servers) await server?.stop();
    for (const road of roads) await road.close();
    await ledger?.stop();
    await scratch?.drop();
  });

  it('two servers, one reader: the second reads nothing of the feed while the first leads it', async () => {
    await start(1);
    const before = roads.map((road) => road.transferReads().length);
    await send(names[0]!, drill.friend);
    await send(names[1]!, drill.buyers[1]!);
    await resolversAgreeWithLedger();
    // A few more rounds of both, with nothing new on the feed.
    await sleep(2000);
    const reads = roads.map((road, index) => road.transferReads().length - before[index]!);
    expect(Math.max(...reads)).toBeGreaterThan(0);
    expect(Math.min(...reads)).toBe(0);
    leader = reads.indexOf(Math.max(...reads));
  }, 180_000);

  it('the cursor survives kill -9: the other server, then a new one, read on from where it was', async () => {
    const other = 1 - leader;
    await killHard(leader);
    const atKill = await storedCursor();
    const readsBefore = roads[other]!.transferReads().length;
    await send(names[2]!, drill.buyers[1]!);
    await send(names[2]!, drill.buyers[2]!);
    await send(names[3]!, drill.friend);
    await resolversAgreeWithLedger();
    // The survivor took the feed once the lease ran out, at the cursor the killed server had stored.
    expect(roads[other]!.transferReads()[readsBefore]).toBe(atKill);

    // The survivor killed too; transfers go on with no server; a new process starts on the database.
    await killHard(other);
    const atSecondKill = await storedCursor();
    expect(atSecondKill >= atKill).toBe(true);
    await send(names[4]!, drill.friend);
    await send(names[2]!, drill.buyers[3]!);
    const newcomerReads = roads[leader]!.transferReads().length;
    await start(leader);
    await resolversAgreeWithLedger();
    expect(roads[leader]!.transferReads()[newcomerReads]).toBe(atSecondKill);
    await start(other);
  }, 240_000);

  it('a 30 s mirror outage in the middle of transfers is caught up in order, each name moved once', async () => {
    const running = servers as ServerProcess[];
    const movedBefore = await Promise.all(running.map(moved));
    await resolversAgreeWithLedger();
    const atOutage = await storedCursor();
    const readsBefore = roads.map((road) => road.transferReads().length);

    for (const road of roads) road.setDown(true);
    const outageEnds = Date.now() + OUTAGE_MS;
    // Names sent on while the mirror cannot be read: some twice (the last receiver must win), one back
    // to where it was before the outage (nothing to move in the end).
    const movedNames = names.slice(5, 12);
    for (const [index, name] of movedNames.entries()) {
      await send(name, drill.buyers[1 + (index % 3)]!);
      if (index % 2 === 0) await send(name, drill.friend);
    }
    await send(names[12]!, drill.friend);
    await send(names[12]!, drill.buyer);
    // The servers stay up and answer from their rows meanwhile.
    const during = await resolveOn(running[0]!, movedNames);
    for (const name of movedNames) expect(during[name]?.accountId).toBe(drill.buyer.accountId);
    await sleep(Math.max(0, outageEnds - Date.now()));
    for (const server of running) expect(server.exitCode()).toBeNull();
    for (const road of roads) road.setDown(false);

    await resolversAgreeWithLedger();
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
