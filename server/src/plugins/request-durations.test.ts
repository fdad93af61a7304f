import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './request-durations';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1];
const OBSERVED: Array<[string, string, number, number]> = [
  ['GET', '/api/tlds', 200, 0.001],
  ['GET', '/api/tlds', 200, 0.005],
  ['GET', '/api/tlds', 200, 0.02],
  ['GET', '/api/tlds', 200, 0.3],
  ['GET', '/api/tlds', 304, 0.002],
  ['POST', '/api/orders/quote', 400, 0.06],
  ['GET', 'unmatched', 404, 0.1],
];

describe('request durations', () => {
  it('are written out exactly as prom-client writes its own histogram of the same observations', async () => {
    const ours = new Registry();
    const durations = new RequestDurations(BUCKETS, ours);
    const theirs = new Registry();
    const histogram = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: BUCKETS,
      registers: [theirs],
    });
    for (const [method, route, status, seconds] of OBSERVED) {
      durations.observe(method, route, status, seconds);
      histogram.observe({ method, route, status_code: String(status) }, seconds);
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.025",method="GET",route="/api/tlds",status_code="200"} 3',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/tlds",status_code="200"} 4',
    );
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"} 1',
    );
  });
});
