import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { startTestApp, type TestApp } from '../testing/test-app';

type Dashboard = {
  title: string;
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
};

const dashboard = JSON.parse(
  readFileSync(new URL('../../../deploy/grafana/registry-dashboard.json', import.meta.url), 'utf8'),
) as Dashboard;

/**
 * The metric names a PromQL expression reads: label matchers (`{…}`), ranges (`[…]`) and grouping
 * (`by (…)`) taken out, then every name that is not a function call or a number.
 */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(by|without)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*(\()?/g)]
    .filter((match) => match[2] === undefined)
    .map((match) => match[1]!);
}

/** Whether /metrics has the series: a metric of that name, or a histogram's `_bucket`, `_sum` or `_count`. */
function exported(name: string, families: Map<string, string>) {
  if (families.has(name)) return true;
  const histogram = /^(.+)_(bucket|sum|count)$/.exec(name)?.[1];
  return histogram !== undefined && families.get(histogram) === 'histogram';
}

describe('the Grafana dashboard (deploy/grafana)', () => {
  let t: TestApp;
  let families: Map<string, string>;

  beforeAll(async () => {
    t = await startTestApp(() => openDatabase({ engine: 'pglite', dataDir: null }));
    await t.app.inject({ method: 'GET', url: '/api/tlds' });
    const scraped = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(scraped.statusCode).toBe(200);
    families = new Map(
      [...scraped.body.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map((match) => [match[1]!, match[2]!]),
    );
  });
  afterAll(() => t.close());

  it('reads the names out of PromQL', () => {
    expect(
      metricNamesIn(
        'histogram_quantile(0.95, sum by (le, route) (rate(http_request_duration_seconds_bucket{status_code=~"5.."}[5m])))',
      ),
    ).toEqual(['http_request_duration_seconds_bucket']);
    expect(metricNamesIn('increase(a_total[1m]) + b_total')).toEqual(['a_total', 'b_total']);
  });

  it('draws every panel from metrics a running server exports', () => {
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(8);
    const missing: string[] = [];
    for (const panel of dashboard.panels) {
      expect(panel.targets.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets) {
        const names = metricNamesIn(target.expr);
        expect(names.length, target.expr).toBeGreaterThan(0);
        for (const name of names) if (!exported(name, families)) missing.push(`${panel.title}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('covers requests, latencies, payments, the job queue and the ledger watcher', () => {
    const read = new Set(
      dashboard.panels.flatMap((panel) => panel.targets.flatMap((t) => metricNamesIn(t.expr))),
    );
    for (const name of [
      'http_request_duration_seconds_count',
      'http_request_duration_seconds_bucket',
      'ledger_watcher_payments_total',
      'job_queue_depth',
      'ledger_watcher_lag_seconds',
    ])
      expect(read).toContain(name);
  });
});
