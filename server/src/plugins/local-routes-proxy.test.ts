import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startServerProcess, type ServerProcess } from '../testing/server-process';

/**
 * A small proxy on the same machine, as an operator puts nginx in front: it passes every request on
 * and names the client it saw in X-Forwarded-For (or the one given, as a client behind it would claim).
 */
async function startProxy(target: string) {
  const proxy = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', target);
    const forwarded = http.request(
      url,
      {
        method: request.method,
        headers: {
          ...request.headers,
          host: url.host,
          'x-forwarded-for': String(request.headers['x-claimed-client'] ?? '203.0.113.50'),
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.writeHead(502).end());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return { proxy, origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` };
}

/** What only this machine may use on a server started as `npm start` starts it (embedded ledger). */
const LOCAL_ROUTES: [string, string, unknown][] = [
  ['GET', '/metrics', undefined],
  ['POST', '/ledger/control', { paused: true }],
  ['POST', '/ledger/rate', { usdPerHbar: 0.000001 }],
  ['POST', '/ledger/faucet', { publicKey: PrivateKey.generateED25519().publicKey.toStringDer() }],
  ['POST', '/ledger/domain-expiry', { name: 'victim.hbar', expiresAt: '2000-01-01T00:00:00.000Z' }],
];

describe('"this machine only" behind a proxy on the same machine', () => {
  let server: ServerProcess;
  let dataDir: string;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    buildServer();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-routes-proxy-'));
    server = await startServerProcess({ DATA_DIR: dataDir });
    proxy = await startProxy(server.origin);
  }, 120_000);

  afterAll(async () => {
    proxy?.proxy.close();
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const send = (origin: string, [method, route, body]: [string, string, unknown], claimed?: string) =>
    fetch(`${origin}${route}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(claimed ? { 'x-claimed-client': claimed } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('refuses the metrics and every ledger development route through the proxy, even to a "local" client', async () => {
    for (const route of LOCAL_ROUTES) {
      for (const claimed of [undefined, '127.0.0.1']) {
        const answer = await send(proxy.origin, route, claimed);
        expect(answer.status, `${route[1]} claimed ${claimed}`).toBe(403);
        const body = (await answer.json()) as { code: string };
        expect(['METRICS_LOOPBACK_ONLY', 'LOOPBACK_ONLY']).toContain(body.code);
      }
    }
    // The ledger was not paused nor its rate changed: a purchase price still reads as before.
    const ledger = await fetch(`${server.origin}/ledger/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await ledger.json()).toMatchObject({ paused: false });
  });

  it('still answers this machine when asked directly', async () => {
    expect((await fetch(`${server.origin}/metrics`)).status).toBe(200);
  });
});
