import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { RemotesManifest } from '@registry/contracts/remote-list';
import { usesSecureCookies, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { localLedgerDevRoutes, localLedgerRestRoutes, type LocalRate } from '../ledger/local-ledger-adapter';
import { registerRegistryDevRoutes } from '../ledger/registry-dev-routes';
import { authRoutes } from '../modules/auth/routes';
import { domainRoutes } from '../modules/domains/routes';
import { emailVerificationRoutes } from '../modules/email-verification/routes';
import { namePageRoutes } from '../modules/identity/name-page-routes';
import { identityRoutes } from '../modules/identity/routes';
import { journalRoutes } from '../modules/journal/routes';
import type { JournalService } from '../modules/journal/service';
import { networkRoutes } from '../modules/network/routes';
import { orderRoutes } from '../modules/orders/routes';
import { createPictureService } from '../modules/profile/picture';
import { pictureRoutes } from '../modules/profile/picture-routes';
import { profileRoutes } from '../modules/profile/routes';
import { gatewayRoutes } from '../modules/records/gateway-routes';
import { recordRoutes } from '../modules/records/routes';
import { reminderRoutes } from '../modules/reminders/routes';
import { createCanaryJudge } from '../modules/releases/canary-judge';
import { releaseRoutes } from '../modules/releases/routes';
import { remoteHealthRoutes } from '../modules/remote-health/routes';
import { createRemoteHealthService } from '../modules/remote-health/service';
import { createFeedLeases } from '../jobs/feed-leases';
import { createRoundGuard, roundTimer } from '../jobs/timer-rounds';
import { createReleaseService } from '../modules/releases/service';
import { tldRoutes } from '../modules/tlds/routes';
import { registerRemotesManifest } from '../plugins/remotes-manifest';
import { refuseCrossOriginWrites } from '../plugins/same-origin-writes';
import { refuseWritesWhileCatchingUp } from '../modules/recovery/catching-up';
import { registerReleaseFiles } from '../plugins/static-apps';
import type { LedgerAccess, LocalLedgerParts, ModuleServices } from './services';
import type { Metrics } from '../plugins/metrics';
import type { PaymentWorkers, WatcherParts } from './workers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Parts = {
  config: AppConfig;
  access: LedgerAccess;
  services: ModuleServices;
  payments: PaymentWorkers;
  publicUrl: string;
};

/** Every module's routes under `/api`. */
export async function registerApi(
  app: FastifyInstance,
  { config, access, services, payments, publicUrl }: Parts,
) {
  const { requireSession } = services;
  const signInRateLimit = { max: config.RATE_LIMIT_SIGN_IN, timeWindow: MINUTE };
  const searchRateLimit = { max: config.RATE_LIMIT_SEARCH, timeWindow: MINUTE };
  const secureCookies = usesSecureCookies(config, publicUrl);
  const ledgerInfo = access.writer
    ? {
        network:
          config.LEDGER === 'local'
            ? 'local'
            : config.HEDERA_NETWORK === 'local'
              ? 'local-node'
              : config.HEDERA_NETWORK,
        treasuryAccountId: access.writer.operatorId,
        walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID ?? null,
        mirrorNodeUrl: access.mirrorUrl ?? '/ledger',
      }
    : null;
  await app.register(
    async (api) => {
      refuseCrossOriginWrites(api, publicUrl);
      refuseWritesWhileCatchingUp(api, payments.recovery);
      await api.register(tldRoutes, { tlds: services.tlds });
      await api.register(authRoutes, { auth: services.auth, requireSession, secureCookies, signInRateLimit });
      await api.register(domainRoutes, {
        domains: services.domains,
        requireSession,
        searchRateLimit,
        holderRefreshRateLimit: { max: config.RATE_LIMIT_HOLDER_REFRESH, timeWindow: MINUTE },
      });
      await api.register(orderRoutes, {
        records: services.orderRecords,
        orders: payments.orders,
        requireSession,
        quoteRateLimits: {
          perAccount: { max: config.RATE_LIMIT_QUOTE, timeWindow: MINUTE },
          perAddress: { max: config.RATE_LIMIT_QUOTE_ADDRESS, timeWindow: MINUTE },
        },
      });
      await api.register(profileRoutes, { profiles: services.profiles, requireSession });
      await api.register(recordRoutes, { records: services.records, requireSession, searchRateLimit });
      await api.register(identityRoutes, {
        identity: services.identity,
        requireSession,
        rateLimit: searchRateLimit,
      });
      await api.register(reminderRoutes, {
        reminders: payments.reminders,
        requireSession,
        rateLimit: signInRateLimit,
      });
      await api.register(emailVerificationRoutes, {
        verifications: services.verifications,
        requireSession,
        rateLimit: signInRateLimit,
      });
      await api.register(networkRoutes, { prices: access.priceSource, ledgerInfo });
      await api.register(journalRoutes, {
        journal: services.journal,
        collections: () => services.tlds.collections(),
        rateLimit: searchRateLimit,
      });
    },
    { prefix: '/api' },
  );
}

/** What anyone reaches without the app: the HTTP gateway, public name pages, profile pictures. */
export async function registerPublicPages(
  app: FastifyInstance,
  database: Database,
  { config, services, publicUrl }: Parts,
) {
  const rateLimit = { max: config.RATE_LIMIT_SEARCH, timeWindow: MINUTE };
  await app.register(gatewayRoutes, { records: services.records, rateLimit });
  await app.register(namePageRoutes, {
    domains: services.domains,
    records: services.records,
    identity: services.identity,
    publicUrl,
    rateLimit,
  });
  // The upload sits beside the public pictures, outside `/api`'s scope: the same write check.
  await app.register(async (scope) => {
    refuseCrossOriginWrites(scope, publicUrl);
    await scope.register(pictureRoutes, {
      pictures: createPictureService(database.db),
      requireSession: services.requireSession,
    });
  });
}

/** The embedded ledger's consensus, mirror and development routes under `/ledger`, and the registry's own. */
export async function registerLocalLedger(
  app: FastifyInstance,
  database: Database,
  localLedger: LocalLedgerParts,
  { config, services }: Pick<Parts, 'config' | 'services'>,
) {
  const { domains, tokens } = services;
  // The local ledger's HBAR rate: its mirror answers with it, its dev route changes it.
  const rate: LocalRate = { usdPerHbar: config.FIXED_USD_PER_HBAR };
  const faucetRateLimit = { max: config.RATE_LIMIT_FAUCET, timeWindow: HOUR };
  const openToNetwork = config.LEDGER_DEV_ROUTES === 'open';
  await app.register(localLedgerRestRoutes, { db: database.db, ledger: localLedger.ledger, rate });
  await app.register(localLedgerDevRoutes, { ...localLedger, rate, faucetRateLimit, openToNetwork });
  await registerRegistryDevRoutes(app, {
    ...localLedger,
    claimTokenId: tokens.claimTokenId,
    earlyAccessTokenId: tokens.earlyAccessTokenId,
    otherProvider: config.OTHER_PROVIDER_TOKEN_ID
      ? null
      : { tokenId: tokens.otherProviderTokenId!, record: domains.recordOtherProviderDomain },
    setDomainExpiry: (name, expiresAt) => domains.setExpiry(name, expiresAt),
    faucetRateLimit,
    openToNetwork,
  });
}

/** How the server stands: `/healthz` for load balancers, `/metrics` for Prometheus. */
export async function registerOperations(
  app: FastifyInstance,
  database: Database,
  {
    config,
    metrics,
    payments,
    watcher,
    journal,
  }: {
    config: AppConfig;
    metrics: Metrics;
    payments: PaymentWorkers;
    watcher: WatcherParts;
    journal: Pick<JournalService, 'status'>;
  },
) {
  metrics.register(
    app,
    {
      queueDepth: () => payments.queue.pending(),
      watcherLagSeconds: watcher.lagSeconds,
      journalUnsent: async () => (await journal.status()).unsent,
    },
    {
      open: config.METRICS === 'open',
      token: config.METRICS_TOKEN,
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
    },
  );
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const up = await database.ping();
    const lagSeconds = up ? await watcher.lagSeconds() : null;
    const recovery = payments.recovery?.state() ?? null;
    const catchingUp = recovery?.phase === 'catching-up';
    // Catching up with the ledger: reads answer (200), writes wait.
    return reply.status(up ? 200 : 503).send({
      status: up ? (catchingUp ? 'catching-up' : 'ok') : 'down',
      database: { engine: database.engine, up },
      watcher: { lagSeconds },
      ...(recovery ? { journal: recovery } : {}),
    });
  });
}

/** Feature teams' releases: every server on the database serves the live one of each remote. */
declare module 'fastify' {
  interface FastifyInstance {
    /** Writes browsers' remote health reports and judges auto canaries; `main` starts its timers. */
    canaryWork: { start(judgeMs: number): void; stop(): void; round(): Promise<void> };
  }
}

/** How often the health counts taken in are written. */
const HEALTH_FLUSH_MS = 5_000;
/** The lease name under which one server judges the canaries. */
const CANARY_JUDGE_LEASE = 'canary-judge';

export async function registerReleases(
  app: FastifyInstance,
  database: Database,
  {
    config,
    remotes,
    metrics,
    publicUrl,
  }: { config: AppConfig; remotes: RemotesManifest; metrics: Metrics; publicUrl: string },
) {
  const releasesDir = path.resolve(config.RELEASES_DIR ?? path.join(config.DATA_DIR, 'releases'));
  const releases = createReleaseService({
    db: database.db,
    releasesDir,
    defaults: remotes,
    appsRoot: config.APPS_ROOT,
    log: (level, line, details) => app.log[level](details, line),
    onRecorded: () => health.forgetVersions(),
  });
  const health = createRemoteHealthService({
    db: database.db,
    recordedVersions: () => releases.recordedVersions(),
    maxReportsPerMinute: config.REMOTE_HEALTH_REPORTS_PER_MINUTE,
    observe: (row) => metrics.observeRemoteEvent(row),
    observeRefused: () => metrics.observeHealthReportRefused(),
  });
  const leases = createFeedLeases(database.db, { leaseMs: config.FEED_LEASE_MS });
  const judge = createCanaryJudge({
    releases,
    health,
    leads: () => leases.holds(CANARY_JUDGE_LEASE),
    log: (line, details) => app.log.info(details, line),
  });
  await app.register(releaseRoutes, {
    prefix: '/api',
    releases,
    health: () => judge.status(),
    deployToken: config.DEPLOY_TOKEN,
  });
  await app.register(async (scope) => {
    refuseCrossOriginWrites(scope, publicUrl);
    await scope.register(remoteHealthRoutes, {
      health,
      rateLimit: { max: config.RATE_LIMIT_REMOTE_HEALTH, timeWindow: MINUTE },
    });
  });
  const warn = (line: string) => app.log.warn(line);
  const flushGuard = createRoundGuard('remote health writer', warn, Date.now);
  const judgeGuard = createRoundGuard('canary judge', warn, Date.now);
  const flushing = roundTimer(() => flushGuard(() => health.flush()));
  const judging = roundTimer(() => judgeGuard(() => judge.round()));
  app.decorate('canaryWork', {
    start(judgeMs: number) {
      flushing.start(HEALTH_FLUSH_MS);
      judging.start(judgeMs);
    },
    stop() {
      flushing.stop();
      judging.stop();
    },
    /** Writes the counts taken in, then judges: what the timers do, at once. */
    async round() {
      await health.flush();
      await judge.round();
    },
  });
  app.addHook('onClose', async () => {
    flushing.stop();
    judging.stop();
    await health.flush().catch(() => undefined);
    await leases.release().catch(() => undefined);
  });
  const manifest = (bucket: number) => releases.manifest(bucket);
  registerRemotesManifest(app, manifest);
  await registerReleaseFiles(app, releasesDir, {
    check: (file) => releases.checkReleaseFile(file),
    refused: (refusal) => {
      metrics.observeReleaseFileRefused(refusal.remote);
      app.log.error({ audit: 'release-file-changed', ...refusal }, 'release file refused: its bytes changed');
    },
  });
  return { manifest, releasesDir, health, judge };
}
