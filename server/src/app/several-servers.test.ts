import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DELIVERED_STATUS, type QuoteResponse } from '@registry/contracts/orders';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, newVersion, releaseFiles } from '../modules/releases/release-files';
import { SERVER_ROOT } from '../paths';
import {
  hederaModeEnv,
  startLocalLedgerProcess,
  type LocalLedgerProcess,
} from '../testing/local-ledger-process';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';
import { createScratchPostgres, TEST_DATABASE_URL } from '../testing/test-databases';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const NGINX = '/usr/sbin/nginx';
/** The recipe of docs/deploy.md, run here as written but for addresses and paths. */
const SITE_CONFIG = path.join(SERVER_ROOT, '..', 'deploy', 'nginx', 'hedera-domains.conf');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The repository's site file with this run's servers, port and cache folder, inside a main file of its own. */
async function writeNginxConfig(folder: string, listenPort: number, serverPorts: number[]) {
  const site = await readFile(SITE_CONFIG, 'utf8');
  const upstreams = serverPorts.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`);
  let lines = 0;
  const ours = site
    .replace(/server 10\.0\.0\.\d+:8080 [^;]*;/g, () => upstreams[lines++]!)
    .replace('listen 80;', `listen 127.0.0.1:${listenPort};`)
    .replace('/var/cache/nginx/hedera-domains', path.join(folder, 'cache'));
  if (lines !== serverPorts.length) throw new Error(`${SITE_CONFIG} no longer names two servers`);
  await writeFile(path.join(folder, 'site.conf'), ours);
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache'])
    await mkdir(path.join(folder, temp), { recursive: true });
  const main = [
    // As root nginx would hand its workers to nobody, who cannot write this run's folders.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    'daemon off;',
    `pid ${folder}/nginx.pid;`,
    `error_log ${folder}/error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // Which server answered each request: the log says whether the restarted one serves again.
    `  log_format upstream '$request_method $uri $status $upstream_addr';`,
    `  access_log ${folder}/access.log upstream;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${folder}/${kind === 'client_body' ? 'body' : kind};`,
    ),
    `  include ${folder}/site.conf;`,
    '}',
  ].join('\n');
  await writeFile(path.join(folder, 'nginx.conf'), main);
  return path.join(folder, 'nginx.conf');
}

async function startNginx(configFile: string, origin: string): Promise<ChildProcess> {
  const child = spawn(NGINX, ['-c', configFile, '-p', path.dirname(configFile)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  for (const started = Date.now(); ; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr}`);
    if ((await fetch(`${origin}/healthz`).catch(() => null))?.ok) return child;
    if (Date.now() - started > 10_000) throw new Error(`nginx did not answer: ${stderr}`);
  }
}

/** What a client saw of one request through the proxy: a status, or no answer at all (0). */
type Seen = { method: string; path: string; status: number; at: number };

/**
 * docs/deploy.md's recipe under a server's death: nginx from Debian's packages in front of two
 * compiled servers on one PostgreSQL (every worker on in both), a Hedera network of their own, buyers
 * and searchers going through the proxy while one server is killed with `kill -9` and started again.
 */
const DEPLOY_TOKEN = 'deploy-token-of-the-search-team-0123456789';

describe.runIf(TEST_DATABASE_URL)('two servers behind nginx, one killed with kill -9', () => {
  let folder: string;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let ledger: LocalLedgerProcess;
  let serverEnv: Record<string, string>;
  const ports: number[] = [];
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | null = null;
  let origin: string;
  let client: LedgerClient;
  const seen: Seen[] = [];

  /** A request through the proxy as a browser makes it, kept in `seen`. */
  async function call<T>(method: 'GET' | 'POST', route: string, body?: unknown, cookie?: string) {
    const response = await fetch(`${origin}${route}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => null);
    const json = response ? ((await response.json().catch(() => ({}))) as T) : null;
    seen.push({ method, path: route.split('?')[0]!, status: response?.status ?? 0, at: Date.now() });
    return { status: response?.status ?? 0, json };
  }

  const startServer = (index: number) =>
    startServerProcess({ ...serverEnv, PORT: String(ports[index]) }).then((server) => {
      servers[index] = server;
    });

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error('nginx is missing: bash scripts/ensure-nginx.sh installs it');
    buildServer();
    folder = await mkdtemp(path.join(os.tmpdir(), 'several-servers-'));
    scratch = await createScratchPostgres(TEST_DATABASE_URL!);
    ledger = await startLocalLedgerProcess();
    const operator = await new LedgerClient(ledger.origin).openAccount();
    serverEnv = {
      ...hederaModeEnv(ledger, operator),
      DATABASE_URL: scratch.url,
      // One folder every server reads (on several machines: a shared mount, docs/deploy.md).
      RELEASES_DIR: path.join(folder, 'releases'),
      DEPLOY_TOKEN,
      // The proxy names the client; only it is believed.
      TRUST_PROXY: '127.0.0.1',
      // Short leases, so that the killed server's jobs and feeds are taken over within the test.
      JOB_LEASE_MS: '4000',
      FEED_LEASE_MS: '3000',
      RATE_LIMIT_SEARCH: '1000000',
      RATE_LIMIT_SIGN_IN: '1000000',
    };
    ports.push(await freePort(), await freePort());
    // Both at once: migrations are serialised by the database, whichever server comes first.
    await Promise.all([startServer(0), startServer(1)]);
    const listenPort = await freePort();
    origin = `http://127.0.0.1:${listenPort}`;
    nginx = await startNginx(await writeNginxConfig(folder, listenPort, ports), origin);
    client = new LedgerClient(origin, { ledgerOrigin: ledger.origin });
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(servers.map((server) => server.stop()));
    await ledger?.stop();
    await scratch?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('delivers every purchase exactly once; no GET fails and no POST fails but those caught in the killed server', async () => {
    const buyers: { account: LedgerAccount; cookie: string; confirms: boolean }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const account = await client.openAccount();
      buyers.push({ account, cookie: await client.signIn(account), confirms: index % 2 === 0 });
    }
    const run = Date.now().toString(36);
    const warm = `several${run}warm.hbar`;
    await client.purchase(buyers[0]!.account, buyers[0]!.cookie, {
      kind: 'domains',
      items: [{ itemName: warm, months: 12, isWebProtectionOn: false }],
    });
    let tokenId = '';
    for (const started = Date.now(); !tokenId; await sleep(100)) {
      tokenId = (await client.collectionOf(buyers[0]!.cookie, warm)) ?? '';
      if (!tokenId && Date.now() - started > 30_000) throw new Error('the first purchase made no collection');
    }
    for (const buyer of buyers) await client.associate(buyer.account, tokenId);
    const trafficStarts = Date.now();

    let trafficEnds = false;
    const paid: { name: string; buyer: (typeof buyers)[number] }[] = [];
    const shoppers = buyers.map(async (buyer, index) => {
      for (let count = 0; !trafficEnds; count += 1) {
        const name = `several${run}b${index}n${count}.hbar`;
        const quote = await call<QuoteResponse>(
          'POST',
          '/api/orders/quote',
          { kind: 'domains', items: [{ itemName: name, months: 12, isWebProtectionOn: false }] },
          buyer.cookie,
        );
        // A quote that met the dying server is asked for again, as the page's retry does.
        if (quote.status !== 200 || !quote.json?.orderId) {
          await sleep(200);
          continue;
        }
        const transactionId = await client.pay(buyer.account, quote.json);
        paid.push({ name, buyer });
        // A confirm lost with the killed server is not sent again: the watcher settles the payment.
        if (buyer.confirms)
          await call(
            'POST',
            '/api/orders/confirm',
            { orderId: quote.json.orderId, transactionId },
            buyer.cookie,
          );
        // About two purchases a second each: the faucet's HBAR last the run.
        await sleep(500);
      }
    });
    const searchers = [0, 1].map(async () => {
      for (let count = 0; !trafficEnds; count += 1) {
        await call('GET', `/api/domains/availability?name=several${run}s${count}x${Date.now()}.hbar`);
        await sleep(20);
      }
    });

    await sleep(2500);
    const victim = servers[0]!;
    process.kill(victim.pid, 'SIGKILL');
    const killedAt = Date.now();
    await expect.poll(() => victim.exitCode(), { timeout: 5000 }).toBe('SIGKILL');
    await sleep(3000);
    await startServer(0);
    const restartedAt = Date.now();
    // Past nginx's 10 s on the bench for a failed server, so the restarted one serves again.
    await sleep(13_000);
    trafficEnds = true;
    await Promise.all([...shoppers, ...searchers]);

    // Every name paid for delivered to its buyer, as the registry lists it through the proxy…
    for (const buyer of buyers) {
      const mine = paid.filter((each) => each.buyer === buyer).map((each) => each.name);
      await expect
        .poll(
          async () =>
            (await client.domainsOf(buyer.cookie))
              .filter((domain) => domain.status === DELIVERED_STATUS)
              .map((domain) => domain.itemName),
          { timeout: 60_000, interval: 250 },
        )
        .toEqual(expect.arrayContaining(mine));
    }
    // …and on the ledger: one NFT each, held by its buyer.
    const holders = await ledger.nftHolders(tokenId);
    for (const { name, buyer } of paid) expect(holders.get(name), name).toEqual([buyer.account.accountId]);
    expect(holders.size).toBe(paid.length + 1);

    const during = seen.filter((each) => each.at >= trafficStarts);
    const failed = during.filter((each) => each.status !== 200);
    // nginx passes a GET on to the live server, whether it met a refused connection or a dying one.
    expect(failed.filter((each) => each.method === 'GET')).toEqual([]);
    // A POST already handed to the killed server is lost with it (502): at most one per shopper.
    expect(failed.every((each) => each.method === 'POST' && each.status === 502)).toBe(true);
    expect(failed.length).toBeLessThanOrEqual(buyers.length);
    const log = (await readFile(path.join(folder, 'access.log'), 'utf8')).trim().split('\n');
    const answeredBy = (port: number) => log.filter((line) => line.endsWith(`127.0.0.1:${port}`)).length;
    expect(answeredBy(ports[0]!)).toBeGreaterThan(0);
    expect(answeredBy(ports[1]!)).toBeGreaterThan(0);
    for (const server of servers) expect(server.exitCode(), server.stderr()).toBeNull();
    console.info(
      `two servers behind nginx, one killed with kill -9 ${killedAt - trafficStarts} ms into the traffic and ` +
        `started again ${restartedAt - killedAt} ms later: ${paid.length} purchases delivered once each, ` +
        `${during.length} requests through the proxy, ${failed.length} failed (${failed
          .map((each) => `${each.method} ${each.path} ${each.status}`)
          .join(', ')})`,
    );
  }, 180_000);

  it('keeps releases for good, asks a server for remotes.json every time, and keeps /metrics off', async () => {
    /** A release of the search remote written to the shared folder and recorded through one server. */
    const publish = async (label: string) => {
      const build = await mkdtemp(path.join(os.tmpdir(), 'release-build-'));
      await writeFile(path.join(build, 'mf-manifest.json'), JSON.stringify({ id: 'search', label }));
      await writeFile(path.join(build, 'remoteEntry.js'), `export const label = ${JSON.stringify(label)};\n`);
      const version = newVersion((await contentHash(build, await releaseFiles(build))).hash);
      await cp(build, path.join(folder, 'releases', 'mfe-search', version), { recursive: true });
      await rm(build, { recursive: true, force: true });
      return {
        version,
        record: async () => {
          const answer = await fetch(`http://127.0.0.1:${ports[0]}/api/admin/remotes/mfe-search/releases`, {
            method: 'POST',
            headers: { authorization: `Bearer ${DEPLOY_TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({ version }),
          });
          expect(answer.status).toBe(201);
        },
      };
    };
    const kept = await publish('r1');
    await kept.record();
    const file = `${origin}/releases/mfe-search/${kept.version}/remoteEntry.js`;
    const first = await fetch(file);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const second = await fetch(file);
    expect(await second.text()).toBe('export const label = "r1";\n');
    expect(second.headers.get('x-cache-status')).toBe('HIT');

    // A release not recorded yet is asked for again next time, never remembered as missing.
    const next = await publish('r2');
    const later = `${origin}/releases/mfe-search/${next.version}/remoteEntry.js`;
    expect((await fetch(later)).status).toBe(404);
    await next.record();
    expect((await fetch(later)).status).toBe(200);

    for (let round = 0; round < 2; round += 1) {
      const manifest = await fetch(`${origin}/remotes.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('x-cache-status')).toBeNull();
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  });

  it('refuses through the proxy what is for this machine only, whatever client address it is told', async () => {
    for (const claimed of [undefined, '127.0.0.1']) {
      const headers: Record<string, string> = claimed
        ? { 'x-forwarded-for': claimed, 'x-real-ip': claimed }
        : {};
      expect((await fetch(`${origin}/metrics`, { headers })).status).toBe(404);
      for (const route of ['/ledger/control', '/ledger/rate', '/ledger/faucet', '/ledger/domain-expiry']) {
        const answer = await fetch(`${origin}${route}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{}',
        });
        expect([403, 404], route).toContain(answer.status);
      }
    }
    // Each server, asked directly on this machine, still serves its metrics.
    expect((await fetch(`${servers[0]!.origin}/metrics`)).status).toBe(200);
  });
});
