import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { discountTokenIds, MIRROR_NODES, type AppConfig } from './config';
import type { LedgerWriter } from './ledger/ledger-writer';
import { createJobQueue, JobWorker } from './jobs/job-queue';
import { createRegistryJobs } from './jobs/registry-jobs';
import { createFeedLeases } from './jobs/feed-leases';
import { LedgerWatcher, PAYMENTS_FEED } from './jobs/ledger-watcher';
import type { Database } from './db/database';
import { injectFetch } from './ledger/inject-fetch';
import { registerLedgerDevRoutes } from './ledger/local/ledger-dev-routes';
import { ensureLocalPass } from './ledger/local/local-passes';
import type { LocalLedger } from './ledger/local/local-ledger';
import type { LocalLedgerWriter } from './ledger/local/local-ledger-writer';
import { registerMirrorRoutes, type LocalRate } from './ledger/local/mirror-routes';
import { createPriceList } from './modules/settings/price-list';
import { registerMirrorFeedRoutes } from './ledger/local/mirror-feed-routes';
import { MirrorLedgerReader, MirrorReader } from './ledger/mirror-reader';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { registerSessions } from './modules/auth/session-plugin';
import { domainRoutes } from './modules/domains/routes';
import { createDomainService } from './modules/domains/service';
import { fileMailer, smtpMailer, type Mailer } from './mail/mailer';
import { emailVerificationRoutes } from './modules/email-verification/routes';
import { createEmailVerificationService } from './modules/email-verification/service';
import { identityRoutes } from './modules/identity/routes';
import { createIdentityService } from './modules/identity/service';
import { namePageRoutes } from './modules/identity/name-page-routes';
import { networkRoutes } from './modules/network/routes';
import { orderRoutes } from './modules/orders/routes';
import { createOrderRecords, createOrderService } from './modules/orders/service';
import { createPictureService } from './modules/profile/picture';
import { ReminderSweeper } from './modules/reminders/reminder-sweeper';
import { reminderRoutes } from './modules/reminders/routes';
import { createReminderService } from './modules/reminders/service';
import { pictureRoutes } from './modules/profile/picture-routes';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { gatewayRoutes } from './modules/records/gateway-routes';
import { recordRoutes } from './modules/records/routes';
import { createRecordService } from './modules/records/service';
import {
  CachedPriceSource,
  coinGeckoUsdPerHbar,
  createSettingsService,
  type PriceSource,
} from './modules/settings/service';
import { tldRoutes } from './modules/tlds/routes';
import { createTldService } from './modules/tlds/service';
import { answerClientError, answerFrameworkError, registerErrorHandler } from './plugins/error-handler';
import { createMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerRemotesManifest, resolveRemotesManifest } from './plugins/remotes-manifest';
import { releaseRoutes } from './modules/releases/routes';
import { createReleaseService } from './modules/releases/service';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerReleaseFiles, registerStaticApps } from './plugins/static-apps';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the mint and refund jobs; `main` starts its timer. */
    jobWorker: JobWorker | null;
    /** Settles payments and follows NFTs from the mirror node; `main` starts its timer. */
    ledgerWatcher: LedgerWatcher | null;
    /** Queues the expiry reminders that are due; `main` starts its timer. */
    reminderSweeper: ReminderSweeper;
  }
}

export type AppDependencies = {
  config: AppConfig;
  database: Database;
  /** The embedded ledger (LEDGER=local): served under /ledger and read through its mirror routes. */
  localLedger?: { ledger: LocalLedger; writer: LocalLedgerWriter };
  /** The real network's writer (LEDGER=hedera). */
  hederaWriter?: LedgerWriter;
  prices?: PriceSource;
  mailer?: Mailer;
  /**
   * Run due jobs right after a confirmed payment (default), or leave them to the worker's timer, e.g.
   * when another process runs the worker.
   */
  jobsAfterPayment?: boolean;
};

/** Where the local ledger's mirror routes are reached in-process. */
const LOCAL_MIRROR_URL = 'http://local-ledger/ledger';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Trusts the nearest `hops` proxies to name the client (TRUST_PROXY as a hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Seconds the payments feed is behind the mirror node (null before its first read). */
async function watcherLagSeconds(feeds: ReturnType<typeof createFeedLeases>): Promise<number | null> {
  // Health answers at once even when the database is slow: no figure then rather than a late answer.
  const states = await Promise.race([
    feeds.states().catch(() => []),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), 500).unref()),
  ]);
  const payments = states.find((feed) => feed.name === PAYMENTS_FEED);
  if (!payments?.readUpTo) return null;
  return Math.max(0, Math.round((Date.now() - payments.readUpTo.getTime()) / 1000));
}

/** Builds the server from its plugins; no logic lives here. */
export async function buildApp({
  config,
  database,
  localLedger,
  hederaWriter,
  prices,
  mailer,
  jobsAfterPayment = true,
}: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    // Client addresses (rate limits, loopback-only routes) come from the socket unless a proxy is configured.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // A stuck database or ledger answers 503 instead of holding the request forever.
    handlerTimeout: config.HANDLER_TIMEOUT_MS,
    // Clients that trickle their headers or body are cut off; Node checks at this interval.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(config.REQUEST_TIMEOUT_MS, 1000),
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.CHECK_RESPONSES));
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  const remotes = await resolveRemotesManifest(config);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const mirrorUrl =
    config.MIRROR_NODE_URL ?? (config.LEDGER === 'hedera' ? MIRROR_NODES[config.HEDERA_NETWORK] : undefined);
  registerSecurityHeaders(app, {
    remotes,
    mirrorNodeUrl: mirrorUrl ?? null,
    walletConnect: Boolean(config.WALLETCONNECT_PROJECT_ID),
    https: publicUrl.startsWith('https:'),
  });
  await registerOpenApi(app);

  const db = database.db;
  const settings = createSettingsService(db, { cacheMs: config.REFERENCE_CACHE_MS });
  // The local ledger's HBAR rate: its mirror answers with it, its dev route changes it.
  const localRate: LocalRate = { usdPerHbar: config.FIXED_USD_PER_HBAR };
  const tlds = createTldService(db, { cacheMs: config.REFERENCE_CACHE_MS });
  // One mirror client for both ledgers: the local one answers in-process, Hedera's over HTTP.
  const mirror = new MirrorReader(mirrorUrl ?? LOCAL_MIRROR_URL, mirrorUrl ? fetch : injectFetch(app));
  // The embedded ledger tells whether it is up without a round trip through its mirror routes.
  const ledger = new MirrorLedgerReader(
    mirror,
    localLedger ? () => localLedger.ledger.isAvailable() : undefined,
  );
  const priceSource =
    prices ??
    new CachedPriceSource(
      config.PRICE_SOURCE === 'coingecko' ? () => coinGeckoUsdPerHbar() : () => mirror.usdPerHbar(),
      config.RATE_CACHE_MS,
    );
  const priceList = createPriceList(settings, priceSource);
  const auth = createAuthService({ db, ledger });
  const { requireSession } = registerSessions(app, auth);
  // The claim promotion's token: configured, or on the local ledger its own "Claim pass" collection.
  const claimTokenId =
    config.CLAIM_TOKEN_ID ?? (localLedger ? await ensureLocalPass(db, localLedger.writer, 'claim') : null);
  // The early-access discount's token likewise: configured, or the local ledger's "Early access pass".
  const earlyAccessTokenId =
    config.DISCOUNT_TOKEN_EARLY_ACCESS ??
    (localLedger ? await ensureLocalPass(db, localLedger.writer, 'earlyAccess') : null);
  // Another provider's domain collection likewise: configured, or the local ledger's own.
  const otherProviderTokenId =
    config.OTHER_PROVIDER_TOKEN_ID ??
    (localLedger ? await ensureLocalPass(db, localLedger.writer, 'otherProvider') : null);
  const domains = createDomainService({
    db,
    ledger,
    tlds,
    priceList,
    otherProviderTokenId,
    referenceCacheMs: config.REFERENCE_CACHE_MS,
    gracePeriodMs: config.GRACE_PERIOD_DAYS * 24 * 60 * 60 * 1000,
    releasePremiumUsd: config.RELEASE_PREMIUM_USD,
  });
  const profiles = createProfileService(db);
  const orderRecords = createOrderRecords(db);
  const records = createRecordService({ db, domains, orders: orderRecords });
  const identity = createIdentityService({ db, domains });
  const mail =
    mailer ??
    (config.SMTP_URL
      ? smtpMailer(config.SMTP_URL)
      : fileMailer(path.resolve(config.DATA_DIR, 'mail'), (line) => app.log.info(line)));
  const verifications = createEmailVerificationService({
    db,
    profiles,
    publicUrl,
    mailsPerHour: config.RATE_LIMIT_VERIFICATION_MAIL,
    mailer: mail,
  });
  const signInRateLimit = { max: config.RATE_LIMIT_SIGN_IN, timeWindow: MINUTE };

  // Paid orders: minting and refunds run from the durable job queue.
  const writer = localLedger?.writer ?? hederaWriter;
  const queue = createJobQueue(db, { leaseMs: config.JOB_LEASE_MS });
  const reminders = createReminderService({ domains, profiles, settings, queue, mailer: mail, publicUrl });
  const worker = writer
    ? new JobWorker(
        queue,
        {
          ...createRegistryJobs({ writer, mirror, domains, tlds, orders: orderRecords }).handlers,
          ...reminders.handlers,
        },
        (line) => app.log.warn(line),
        Date.now,
        config.JOB_CONCURRENCY,
      )
    : null;
  app.decorate('jobWorker', worker);
  app.addHook('onClose', async () => worker?.stop());
  const sweeper = new ReminderSweeper(
    () => reminders.sweep(),
    (keys) =>
      void worker?.runUntil(keys).catch((error: unknown) => app.log.warn({ err: error }, 'job run failed')),
    (line) => app.log.warn(line),
  );
  app.decorate('reminderSweeper', sweeper);
  app.addHook('onClose', async () => sweeper.stop());
  const orders = writer
    ? createOrderService({
        db,
        mirror,
        domains,
        settings,
        priceList,
        ledgerAvailable: () => ledger.isAvailable(),
        queue,
        treasuryAccountId: writer.operatorId,
        discountTokens: { ...discountTokenIds(config), earlyAccess: earlyAccessTokenId ?? undefined },
        claimTokenId,
        // A buyer waits for a quick delivery, not for one that needs their association first.
        runJobs: (jobKeys) => {
          if (!jobsAfterPayment) return Promise.resolve();
          // The payment is already recorded: a failing run is retried by the timer, never the buyer's error.
          const run = worker!
            .runUntil(jobKeys)
            .catch((error: unknown) => app.log.warn({ err: error }, 'job run failed'));
          let timer: NodeJS.Timeout | undefined;
          const waited = new Promise<void>((resolve) => {
            timer = setTimeout(resolve, 5000);
          });
          return Promise.race([run, waited]).finally(() => clearTimeout(timer));
        },
      })
    : null;
  const searchRateLimit = { max: config.RATE_LIMIT_SEARCH, timeWindow: MINUTE };

  // The ledger is the truth: payments settle and names follow their NFTs without any browser.
  const metrics = createMetrics();
  const feeds = createFeedLeases(db, { leaseMs: config.FEED_LEASE_MS });
  const watcher =
    orders && writer
      ? new LedgerWatcher({
          leases: feeds,
          mirror,
          treasuryAccountId: writer.operatorId,
          takePayment: (record) => orders.takePayment(record),
          collections: () => tlds.collections(),
          followNfts: (tokenId, nfts) => domains.followNfts(tokenId, nfts),
          kickJobs: (jobKeys) => {
            if (!jobsAfterPayment || jobKeys.length === 0) return;
            worker!.kick().catch((error: unknown) => app.log.warn({ err: error }, 'job run failed'));
          },
          log: (line) => app.log.warn(line),
          observe: (event) => metrics.observeWatcher(event),
        })
      : null;
  app.decorate('ledgerWatcher', watcher);
  metrics.register(
    app,
    {
      queueDepth: () => queue.pending(),
      watcherLagSeconds: async () => (watcher ? watcherLagSeconds(feeds) : null),
    },
    { open: config.METRICS === 'open' },
  );
  app.addHook('onClose', async () => watcher?.stop());

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const up = await database.ping();
    const lagSeconds = up && watcher ? await watcherLagSeconds(feeds) : null;
    return reply.status(up ? 200 : 503).send({
      status: up ? 'ok' : 'down',
      database: { engine: database.engine, up },
      watcher: { lagSeconds },
    });
  });

  await app.register(
    async (api) => {
      await api.register(tldRoutes, { tlds });
      await api.register(authRoutes, {
        auth,
        requireSession,
        secureCookies: config.COOKIE_SECURE
          ? config.COOKIE_SECURE === 'true'
          : publicUrl.startsWith('https:'),
        signInRateLimit,
      });
      await api.register(domainRoutes, { domains, requireSession, searchRateLimit });
      await api.register(orderRoutes, { records: orderRecords, orders, requireSession });
      await api.register(profileRoutes, { profiles, requireSession });
      await api.register(recordRoutes, { records, requireSession, searchRateLimit });
      await api.register(identityRoutes, { identity, requireSession, rateLimit: searchRateLimit });
      await api.register(reminderRoutes, { reminders, requireSession, rateLimit: signInRateLimit });
      await api.register(emailVerificationRoutes, {
        verifications,
        requireSession,
        rateLimit: signInRateLimit,
      });
      await api.register(networkRoutes, {
        prices: priceSource,
        ledgerInfo: writer
          ? {
              network: config.LEDGER === 'local' ? 'local' : config.HEDERA_NETWORK,
              treasuryAccountId: writer.operatorId,
              walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID ?? null,
              mirrorNodeUrl: mirrorUrl ?? '/ledger',
            }
          : null,
      });
    },
    { prefix: '/api' },
  );
  await app.register(gatewayRoutes, { records, rateLimit: searchRateLimit });
  await app.register(namePageRoutes, { domains, records, identity, publicUrl, rateLimit: searchRateLimit });
  await app.register(pictureRoutes, { pictures: createPictureService(db), requireSession });

  if (localLedger) {
    await registerMirrorRoutes(app, {
      db,
      ledger: localLedger.ledger,
      rate: localRate,
    });
    await registerMirrorFeedRoutes(app, { db });
    await registerLedgerDevRoutes(app, {
      ...localLedger,
      claimTokenId,
      earlyAccessTokenId,
      otherProvider: config.OTHER_PROVIDER_TOKEN_ID
        ? null
        : { tokenId: otherProviderTokenId!, record: domains.recordOtherProviderDomain },
      setDomainExpiry: (name, expiresAt) => domains.setExpiry(name, expiresAt),
      rate: localRate,
      faucetRateLimit: { max: config.RATE_LIMIT_FAUCET, timeWindow: HOUR },
      openToNetwork: config.LEDGER_DEV_ROUTES === 'open',
    });
  }

  // Feature teams' releases: every server on the database serves the live one of each remote.
  const releasesDir = path.resolve(config.RELEASES_DIR ?? path.join(config.DATA_DIR, 'releases'));
  const releases = createReleaseService({
    db,
    releasesDir,
    defaults: remotes,
    appsRoot: config.APPS_ROOT,
    log: (level, line, details) => app.log[level](details, line),
  });
  await app.register(releaseRoutes, { prefix: '/api', releases, deployToken: config.DEPLOY_TOKEN });
  registerRemotesManifest(app, () => releases.manifest());
  await registerReleaseFiles(app, releasesDir);
  await registerStaticApps(app, config.APPS_ROOT);
  return app;
}
