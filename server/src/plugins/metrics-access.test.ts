import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { startTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'scraper-token-0123456789abcdef';
const SCRAPER = '203.0.113.7';

/** A Prometheus scraper on another machine: with the metrics token, or on the metrics' own listener. */
describe('metrics for a scraper elsewhere', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(() => openDatabase({ engine: 'pglite', dataDir: null }), {
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: SCRAPER,
      headers: authorization ? { authorization } : {},
    });

  it('reads them with the bearer token; without it, or with another, it gets no figures', async () => {
    const allowed = await scrape(`Bearer ${TOKEN}`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toMatch(/^job_queue_depth \d+$/m);
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      'Bearer ',
    ]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, String(authorization)).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'METRICS_LOOPBACK_ONLY' });
      expect(refused.body).not.toMatch(/job_queue_depth/);
    }
  });

  it('reads them on their own listener, which serves nothing else', async () => {
    const address = t.app.metricsListener();
    expect(address).not.toBeNull();
    const origin = `http://127.0.0.1:${address!.port}`;
    const metrics = await fetch(`${origin}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toMatch(/^http_request_duration_seconds_count\{/m);
    expect((await fetch(`${origin}/api/tlds`)).status).toBe(404);
    expect((await fetch(`${origin}/healthz`)).status).toBe(404);
  });

  it('refuses a metrics token shorter than 16 characters at start', async () => {
    await expect(
      startTestApp(() => openDatabase({ engine: 'pglite', dataDir: null }), { METRICS_TOKEN: 'short' }),
    ).rejects.toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});
