import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from '../http-error';
import type { PaymentTaking } from '../jobs/ledger-watcher';
import { isInternalRequest } from './access-log';
import { isLoopback } from './loopback';

type Sources = {
  /** Jobs queued or running. */
  queueDepth: () => Promise<number>;
  /** Seconds the ledger watcher's payments feed is behind the mirror node, null before its first read. */
  watcherLagSeconds: () => Promise<number | null>;
};

/**
 * The server's figures in Prometheus' text format at `/metrics`: request latencies by route, the job
 * queue's depth, the ledger watcher's lag, and what it did with payments and NFTs. Only clients on
 * the same machine read it unless `open` (a scraper elsewhere, behind the operator's own network).
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const payments = new Counter({
    name: 'ledger_watcher_payments_total',
    help: 'Transactions to the treasury the ledger watcher read, by what became of them',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const moved = new Counter({
    name: 'ledger_watcher_domains_moved_total',
    help: 'Domains that followed their NFT to another holder (or were burned)',
    registers: [registry],
  });

  return {
    observeWatcher(event: { payment?: PaymentTaking; moved?: number }) {
      if (event.payment) payments.inc({ outcome: event.payment });
      if (event.moved) moved.inc(event.moved);
    },

    register(app: FastifyInstance, sources: Sources, { open }: { open: boolean }) {
      new Gauge({
        name: 'job_queue_depth',
        help: 'Mint and refund jobs queued or running',
        registers: [registry],
        async collect() {
          this.set(await sources.queueDepth().catch(() => -1));
        },
      });
      new Gauge({
        name: 'ledger_watcher_lag_seconds',
        help: 'Seconds the payments feed is behind the mirror node',
        registers: [registry],
        async collect() {
          const lag = await sources.watcherLagSeconds();
          if (lag !== null) this.set(lag);
        },
      });
      app.addHook('onResponse', async (request, reply) => {
        if (isInternalRequest(request)) return;
        requestSeconds.observe(
          {
            method: request.method,
            // The route's pattern, never the raw URL: names in paths would make endless series.
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        if (!open && !isLoopback(request.ip))
          throw new HttpError(403, 'METRICS_LOOPBACK_ONLY', 'Metrics are served to this machine only');
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    },
  };
}
