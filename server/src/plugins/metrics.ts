import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import { HttpError } from '../http-error';
// "This machine only" is one rule for the whole server: the embedded ledger's dev routes' own.
import { isFromThisMachine } from '../ledger/local-ledger-adapter';
import { RequestDurations } from './request-durations';

type Sources = {
  /** Jobs queued or running. */
  queueDepth: () => Promise<number>;
  /** Seconds the ledger watcher's payments feed is behind the mirror node, null before its first read. */
  watcherLagSeconds: () => Promise<number | null>;
  /** Changes committed and not yet on the journal topic. */
  journalUnsent: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The address of `/metrics`' own listener (METRICS_PORT), null without one. */
    metricsListener: () => AddressInfo | null;
  }
}

export type MetricsAccess = {
  /** Anyone may read them (a scraper behind the operator's own network). */
  open: boolean;
  /** A scraper elsewhere shows this bearer token. */
  token?: string;
  /** A listener of their own, serving only `/metrics`. */
  port?: number;
  host?: string;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries the bearer token, compared in constant time (whatever it guessed). */
function bearerMatches(token: string, authorization: string | undefined) {
  const shown = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  return shown !== undefined && timingSafeEqual(digest(shown), digest(token));
}

/**
 * The server's figures in Prometheus' text format at `/metrics`: request latencies by route, the job
 * queue's depth, the ledger watcher's lag, and what it did with payments and NFTs. Only clients on
 * the same machine read it unless `open` (a scraper elsewhere, behind the operator's own network), a
 * scraper shows the bearer token, or it reads them on their own listener.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requestSeconds = new RequestDurations(
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registry,
  );
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

  const drift = new Counter({
    name: 'ledger_watcher_drift_total',
    help: 'Domains the holder sweep had to move: changes the transfers feed had not followed (burns and wipes included)',
    registers: [registry],
  });

  const refusedReleaseFiles = new Counter({
    name: 'release_files_refused_total',
    help: 'Requests for a release file whose bytes no longer match the digest recorded with its release',
    labelNames: ['remote'] as const,
    registers: [registry],
  });

  const remoteEvents = new Counter({
    name: 'remote_events_total',
    help: 'What browsers reported of each remote version: page mounts and errors, by kind (load-failure, render-error, unhandled)',
    labelNames: ['remote', 'version', 'kind'] as const,
    registers: [registry],
  });
  const refusedHealthReports = new Counter({
    name: 'remote_health_reports_refused_total',
    help: 'Remote health reports refused by a limit (per address, or this server in all)',
    registers: [registry],
  });

  return {
    /** Counts a browser reported of a remote version (only versions the server recorded). */
    observeRemoteEvent(event: { remote: string; version: string; kind: string; count: number }) {
      remoteEvents.inc({ remote: event.remote, version: event.version, kind: event.kind }, event.count);
    },

    observeHealthReportRefused() {
      refusedHealthReports.inc();
    },

    /** A release file refused because it changed on disk after its release was recorded. */
    observeReleaseFileRefused(remote: string) {
      refusedReleaseFiles.inc({ remote });
    },

    /** What the ledger watcher did: a payment taken (by its outcome), domains that moved, drift. */
    observeWatcher(event: { payment?: string; moved?: number; drift?: number }) {
      if (event.payment) payments.inc({ outcome: event.payment });
      if (event.moved) moved.inc(event.moved);
      if (event.drift) drift.inc(event.drift);
    },

    register(app: FastifyInstance, sources: Sources, access: MetricsAccess) {
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
      new Gauge({
        name: 'journal_unsent',
        help: 'Changes committed and not yet on the journal topic',
        registers: [registry],
        async collect() {
          this.set(await sources.journalUnsent().catch(() => -1));
        },
      });
      app.requestLifecycle.observeVisitorRequests((request, reply) =>
        // The route's pattern, never the raw URL: names in paths would make endless series.
        requestSeconds.observe(
          request.method,
          request.routeOptions.url ?? 'unmatched',
          reply.statusCode,
          reply.elapsedTime / 1000,
        ),
      );
      app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
        const allowed =
          access.open ||
          isFromThisMachine(request) ||
          (access.token !== undefined && bearerMatches(access.token, request.headers.authorization));
        if (!allowed)
          throw new HttpError(
            403,
            'METRICS_LOOPBACK_ONLY',
            'Metrics are served to this machine only, or to a scraper with the metrics token',
          );
        return reply.type(registry.contentType).send(await registry.metrics());
      });

      let listener: Server | null = null;
      app.decorate('metricsListener', () => (listener?.address() as AddressInfo | null) ?? null);
      if (access.port !== undefined) {
        const port = access.port;
        app.addHook('onReady', async () => {
          listener = createServer((request, response) => {
            if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
              response.writeHead(404).end();
              return;
            }
            registry.metrics().then(
              (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
              () => response.writeHead(500).end(),
            );
          });
          await new Promise<void>((resolve, reject) => {
            listener!.once('error', reject);
            listener!.listen(port, access.host ?? '0.0.0.0', () => resolve());
          });
        });
        app.addHook('onClose', async () => {
          await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
        });
      }
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
