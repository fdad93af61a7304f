import type { FastifyInstance } from 'fastify';
import { discountTokenIds, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { createFeedLeases } from '../jobs/feed-leases';
import { createJobQueue, JobWorker } from '../jobs/job-queue';
import { LedgerWatcher, PAYMENTS_FEED } from '../jobs/ledger-watcher';
import { createDeliveryService } from '../modules/delivery/service';
import { WIPE_RELEASED_JOB, wipeJobKey } from '../modules/delivery/payloads';
import { Sweeper } from '../jobs/sweeper';
import { JournalPublisher } from '../modules/journal/publisher';
import { createRecovery, type Recovery } from '../modules/recovery/service';
import { createOrderService } from '../modules/orders/service';
import { ReminderSweeper } from '../modules/reminders/reminder-sweeper';
import { createReminderService } from '../modules/reminders/service';
import type { QuoteSignal } from '../jobs/quote-signal';
import type { Metrics } from '../plugins/metrics';
import type { LedgerAccess, ModuleServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the mint and refund jobs; `main` starts its timer. */
    jobWorker: JobWorker | null;
    /** Settles payments and follows NFTs from the mirror node; `main` starts its timer. */
    ledgerWatcher: LedgerWatcher | null;
    /** Queues the expiry reminders that are due; `main` starts its timer. */
    reminderSweeper: ReminderSweeper;
    /** Queues the wipe of each released name's NFT; `main` starts its timer. */
    releaseSweeper: Sweeper;
    /** Sends the journal's entries to its topic (null without a ledger writer); `main` starts its timer. */
    journalPublisher: JournalPublisher | null;
    /** Brings the database level with the journal (after a restore, or a rebuild); `main` runs it first. */
    recovery: Recovery | null;
  }
}

type Deps = {
  config: AppConfig;
  database: Database;
  access: LedgerAccess;
  services: ModuleServices;
  publicUrl: string;
  /** Run due jobs right after a payment, or leave them to the worker's timer (another process runs it). */
  jobsAfterPayment: boolean;
};

/** Released names whose NFT is wiped per sweep at most. */
const RELEASE_SWEEP_BATCH = 100;

/** A buyer waits up to 5 s for a quick delivery, not for one that needs their association first. */
function waitBriefly(run: Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 5000);
  });
  return Promise.race([run, waited]).finally(() => clearTimeout(timer));
}

/** Paid orders, with their mints and refunds on the durable job queue, and the expiry reminders. */
export function createPaymentWorkers(app: FastifyInstance, deps: Deps & { quotes: QuoteSignal }) {
  const { config, access, services } = deps;
  const { domains, tlds, orderRecords, profiles, settings } = services;
  const db = deps.database.db;
  const writer = access.writer;
  const logFailedRun = (error: unknown) => app.log.warn({ err: error }, 'job run failed');
  const queue = createJobQueue(db, { leaseMs: config.JOB_LEASE_MS });
  const reminders = createReminderService({
    domains,
    profiles,
    settings,
    queue,
    mailer: services.mail,
    publicUrl: deps.publicUrl,
  });
  const delivery = writer
    ? createDeliveryService({ db, writer, mirror: access.mirror, queue, domains, tlds, orders: orderRecords })
    : null;
  const handlers = delivery ? { ...delivery.handlers } : {};
  const worker = writer
    ? new JobWorker(
        queue,
        { ...handlers, ...reminders.handlers },
        (line) => app.log.warn(line),
        Date.now,
        config.JOB_CONCURRENCY,
      )
    : null;
  app.decorate('jobWorker', worker);
  app.addHook('onClose', async () => worker?.stop());
  const sweeper = new ReminderSweeper(
    () => reminders.sweep(),
    (keys) => void worker?.runUntil(keys).catch(logFailedRun),
    (line) => app.log.warn(line),
  );
  app.decorate('reminderSweeper', sweeper);
  app.addHook('onClose', async () => sweeper.stop());
  const releases = new Sweeper(
    'released names',
    async () => {
      if (!writer) return [];
      const released = await domains.releasedLiveNfts(RELEASE_SWEEP_BATCH);
      const wipes = released.map((nft) => ({ uniqueKey: wipeJobKey(nft), payload: nft }));
      await queue.enqueueMany(WIPE_RELEASED_JOB, wipes);
      return wipes.map((wipe) => wipe.uniqueKey);
    },
    (keys) => void worker?.runUntil(keys).catch(logFailedRun),
    (line) => app.log.warn(line),
  );
  app.decorate('releaseSweeper', releases);
  app.addHook('onClose', async () => releases.stop());
  const orders = writer
    ? createOrderService({
        db,
        mirror: access.mirror,
        domains,
        journal: services.journal,
        settings,
        priceList: services.priceList,
        ledgerAvailable: () => access.ledger.isAvailable(),
        queue,
        treasuryAccountId: writer.operatorId,
        discountTokens: {
          ...discountTokenIds(config),
          earlyAccess: services.tokens.earlyAccessTokenId ?? undefined,
        },
        claimTokenId: services.tokens.claimTokenId,
        quoteTtlMs: config.QUOTE_TTL_MS,
        holdLimits: { perAccount: config.HELD_NAMES_PER_ACCOUNT, perAddress: config.HELD_NAMES_PER_ADDRESS },
        quotes: deps.quotes,
        namesLiveOnLedger: (tld, names) => delivery!.namesLiveOnLedger(tld, names),
        // The payment is already recorded: a failing run is retried by the timer, never the buyer's error.
        runJobs: (jobKeys) =>
          deps.jobsAfterPayment
            ? waitBriefly(worker!.runUntil(jobKeys).catch(logFailedRun))
            : Promise.resolve(),
      })
    : null;
  const journalPublisher =
    writer && delivery
      ? new JournalPublisher({
          db,
          writer,
          mirror: access.mirror,
          submitOnce: delivery.submitOnce,
          leases: createFeedLeases(db, { leaseMs: config.FEED_LEASE_MS }),
          journal: services.journal,
          log: (line) => app.log.warn(line),
        })
      : null;
  app.decorate('journalPublisher', journalPublisher);
  app.addHook('onClose', async () => journalPublisher?.stop());
  const recovery = writer
    ? createRecovery({
        db,
        mirror: access.mirror,
        journal: services.journal,
        domains,
        records: services.records,
        identity: services.identity,
        orders: orderRecords,
        tlds,
        queue,
        treasuryAccountId: writer.operatorId,
        configuredTopicId: config.JOURNAL_TOPIC_ID ?? null,
        log: (line) => app.log.warn(line),
      })
    : null;
  app.decorate('recovery', recovery);
  return { queue, worker, orders, reminders, delivery, journalPublisher, recovery };
}
export type PaymentWorkers = ReturnType<typeof createPaymentWorkers>;

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

/**
 * The ledger is the truth: payments settle and names follow their NFTs without any browser. Answers
 * the watcher (null without a ledger writer) and how far behind its payments feed is.
 */
export function createLedgerWatcher(
  app: FastifyInstance,
  deps: Deps & { payments: PaymentWorkers; quotes: QuoteSignal; metrics: Metrics },
) {
  const { config, access, services, payments } = deps;
  const { orders, worker } = payments;
  const feeds = createFeedLeases(deps.database.db, { leaseMs: config.FEED_LEASE_MS });
  const watcher =
    orders && access.writer
      ? new LedgerWatcher({
          leases: feeds,
          mirror: access.mirror,
          treasuryAccountId: access.writer.operatorId,
          takePayment: (record) => orders.takePayment(record),
          paymentsExpected: () => orders.anyOpenQuote(),
          quotes: deps.quotes,
          collections: () => services.tlds.collections(),
          followNfts: async (tokenId, nfts) => {
            await payments.delivery?.noteNfts(tokenId, nfts);
            return services.domains.followNfts(tokenId, nfts);
          },
          followTransfers: (tokenId, moves) => services.domains.followNfts(tokenId, moves),
          sweep: {
            enabled: config.HOLDER_SWEEP,
            passMs: config.HOLDER_SWEEP_PASS_MS,
            pageMs: config.HOLDER_SWEEP_PAGE_MS,
          },
          kickJobs: (jobKeys) => {
            if (!deps.jobsAfterPayment || jobKeys.length === 0) return;
            worker!.kick().catch((error: unknown) => app.log.warn({ err: error }, 'job run failed'));
          },
          log: (line) => app.log.warn(line),
          observe: (event) => deps.metrics.observeWatcher(event),
        })
      : null;
  app.decorate('ledgerWatcher', watcher);
  app.addHook('onClose', async () => watcher?.stop());
  return { watcher, lagSeconds: async () => (watcher ? watcherLagSeconds(feeds) : null) };
}
export type WatcherParts = ReturnType<typeof createLedgerWatcher>;
