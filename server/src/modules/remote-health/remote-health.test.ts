import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_HEALTH_PATH, type RemoteHealthRow } from '@registry/contracts/remote-health';
import { writeRelease } from '../../testing/release-folders';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';

const TOKEN = 'deploy-token-of-the-health-tests-0123456789';
const PER_ADDRESS = 5;

type Status = {
  remote: string;
  live: { version: string; mounts: number; loads: number; errors: number; renderErrors: number };
  canary: { version: string; mounts: number; errors: number } | null;
};

describe.each(engineCases)('remote health reports on $engine', ({ open }) => {
  let t: TestApp;
  let releasesDir: string;
  let version: string;
  let address = 0;
  /** Each test sends from addresses of its own, so the per-address limit is its own. */
  const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

  const report = (app: FastifyInstance, counts: unknown, remoteAddress = nextAddress()) =>
    app.inject({
      method: 'POST',
      url: REMOTE_HEALTH_PATH,
      remoteAddress,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
      payload: JSON.stringify({ counts }),
    });
  const status = async () =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admin/remotes/health',
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).json() as { remotes: Status[] }
    ).remotes;

  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'health-'));
    t = await startTestApp(open, {
      DEPLOY_TOKEN: TOKEN,
      RELEASES_DIR: releasesDir,
      RATE_LIMIT_REMOTE_HEALTH: String(PER_ADDRESS),
      REMOTE_HEALTH_REPORTS_PER_MINUTE: '1000',
    });
    version = await writeRelease(releasesDir, 'mfe-resolver', 'resolver v1', new Date());
    const recorded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/remotes/resolver/releases',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { version },
    });
    expect(recorded.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  it('counts what browsers saw of recorded versions, in /metrics and the status, and ignores made-up versions', async () => {
    const rows: RemoteHealthRow[] = [
      { remote: 'resolver', version, kind: 'mount', count: 7 },
      { remote: 'resolver', version, kind: 'render-error', count: 2 },
      { remote: 'search', version: 'unreleased', kind: 'mount', count: 3 },
      { remote: 'resolver', version: '0123456789ab-20260101000000', kind: 'unhandled', count: 50 },
    ];
    const answer = await report(t.app, rows);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: 3, ignored: 1 });
    // The endpoint keeps nothing of the browser: no cookie is set.
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect((await report(t.app, rows.slice(0, 1))).json()).toEqual({ accepted: 1, ignored: 0 });

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(`remote_events_total{remote="resolver",version="${version}",kind="mount"} 14`);
    expect(metrics).toContain(
      `remote_events_total{remote="resolver",version="${version}",kind="render-error"} 2`,
    );
    expect(metrics).toContain('remote_events_total{remote="search",version="unreleased",kind="mount"} 3');
    expect(metrics).not.toContain('0123456789ab-20260101000000');

    // Written on the next round; the status reads what every server wrote.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/remotes/resolver',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { version },
    });
    await t.app.canaryWork.round();
    const resolver = (await status()).find((each) => each.remote === 'resolver')!;
    expect(resolver.live).toMatchObject({ version, mounts: 14, renderErrors: 2, loads: 14, errors: 2 });
    expect(resolver.canary).toBeNull();
    expect((await status()).find((each) => each.remote === 'search')!.live).toMatchObject({
      version: 'unreleased',
      mounts: 3,
    });
  });

  it('answers bad reports with a 400 and its code, never a 5xx', async () => {
    const bad: unknown[] = [
      [{ remote: 'billing', version, kind: 'mount', count: 1 }],
      [{ remote: 'resolver', version, kind: 'crash', count: 1 }],
      [{ remote: 'resolver', version, kind: 'mount', count: 0 }],
      [{ remote: 'resolver', version, kind: 'mount', count: 51 }],
      [{ remote: 'resolver', version, kind: 'mount', count: 1.5 }],
      [{ remote: 'resolver', version: '<script>', kind: 'mount', count: 1 }],
      [{ remote: 'resolver', version: 'v'.repeat(41), kind: 'mount', count: 1 }],
      Array.from({ length: 21 }, () => ({ remote: 'resolver', version, kind: 'mount', count: 1 })),
      'everything is fine',
    ];
    for (const counts of bad) {
      const answer = await report(t.app, counts);
      expect(answer.statusCode, JSON.stringify(counts).slice(0, 80)).toBe(400);
      expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: REMOTE_HEALTH_PATH,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
      payload: JSON.stringify({ counts: [], padding: 'x'.repeat(5000) }),
    });
    expect(huge.statusCode).toBe(413);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: REMOTE_HEALTH_PATH,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: JSON.stringify({ counts: [] }),
    });
    expect(elsewhere.statusCode).toBe(403);

    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 4 }), async (body) => {
        const answer = await t.app.inject({
          method: 'POST',
          url: REMOTE_HEALTH_PATH,
          remoteAddress: nextAddress(),
          headers: { 'content-type': 'application/json', origin: 'http://localhost:8080' },
          payload: JSON.stringify(body),
        });
        expect(answer.statusCode).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('bounds what a flood adds: per address, then per minute overall, and counts the refusals', async () => {
    const before = (await status()).find((each) => each.remote === 'resolver')!.live.renderErrors;
    const flood = Array.from({ length: 20 }, () => ({
      remote: 'resolver',
      version,
      kind: 'render-error',
      count: 50,
    }));
    const codes: number[] = [];
    for (let i = 0; i < 40; i += 1) codes.push((await report(t.app, flood, '10.9.9.9')).statusCode);
    expect(codes.filter((code) => code >= 500)).toEqual([]);
    expect(codes.filter((code) => code === 202)).toHaveLength(PER_ADDRESS);
    expect(codes.filter((code) => code === 429)).toHaveLength(40 - PER_ADDRESS);
    await t.app.canaryWork.round();
    const after = (await status()).find((each) => each.remote === 'resolver')!.live.renderErrors;
    // One address added at most its allowance × a report's largest counts.
    expect(after - before).toBe(PER_ADDRESS * 20 * 50);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/remote_health_reports_refused_total 35\b/);
  });
});
