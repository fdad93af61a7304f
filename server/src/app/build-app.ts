import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { Mailer } from '../mail/mailer';
import type { PriceSource } from '../modules/settings/service';
import { resolveRemotesManifest } from '../plugins/remotes-manifest';
import { registerStaticApps } from '../plugins/static-apps';
import { createFastify, registerBasePlugins } from './fastify-base';
import { createQuoteSignal } from '../jobs/quote-signal';
import { createMetrics } from '../plugins/metrics';
import {
  registerApi,
  registerLocalLedger,
  registerOperations,
  registerPublicPages,
  registerReleases,
} from './routes';
import { createLedgerAccess, createModuleServices, type LocalLedgerParts } from './services';
import { createLedgerWatcher, createPaymentWorkers } from './workers';
import { registerDomainTimeTravel } from '../ledger/registry-dev-routes';
import type { LogDestination } from '../plugins/log-output';

export type AppDependencies = {
  config: AppConfig;
  database: Database;
  /** The embedded ledger (LEDGER=local): served under /ledger and read through its mirror routes. */
  localLedger?: LocalLedgerParts;
  /** The real network's writer (LEDGER=hedera). */
  hederaWriter?: LedgerWriter;
  prices?: PriceSource;
  mailer?: Mailer;
  /** Where log lines go (default: standard output). */
  logStream?: LogDestination;
  /**
   * Run due jobs right after a confirmed payment (default), or leave them to the worker's timer, e.g.
   * when another process runs the worker.
   */
  jobsAfterPayment?: boolean;
};

/** Builds the server from its plugins; no logic lives here. */
export async function buildApp({
  config,
  database,
  localLedger,
  hederaWriter,
  prices,
  mailer,
  jobsAfterPayment = true,
  logStream,
}: AppDependencies): Promise<FastifyInstance> {
  const app = createFastify(config, logStream);
  const remotes = await resolveRemotesManifest(config);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  const access = createLedgerAccess(app, config, { localLedger, hederaWriter, prices });
  await registerBasePlugins(app, { config, remotes, publicUrl, mirrorUrl: access.mirrorUrl });
  const services = await createModuleServices(app, {
    config,
    database,
    access,
    publicUrl,
    localLedger,
    mailer,
  });
  const quotes = createQuoteSignal();
  const metrics = createMetrics();
  const deps = { config, database, access, services, publicUrl, jobsAfterPayment, quotes };
  const payments = createPaymentWorkers(app, deps);
  const watcher = createLedgerWatcher(app, { ...deps, payments, metrics });
  await registerOperations(app, database, {
    config,
    metrics,
    payments,
    watcher,
    journal: services.journal,
  });
  await registerApi(app, { config, access, services, payments, publicUrl });
  await registerPublicPages(app, database, { config, access, services, payments, publicUrl });
  if (localLedger) await registerLocalLedger(app, database, localLedger, { config, services });
  else if (config.HEDERA_NETWORK === 'local')
    registerDomainTimeTravel(app, {
      setDomainExpiry: (name, expiresAt) => services.domains.setExpiry(name, expiresAt),
      openToNetwork: config.LEDGER_DEV_ROUTES === 'open',
    });
  const releases = await registerReleases(app, database, { config, remotes, metrics, publicUrl });
  await registerStaticApps(app, config.APPS_ROOT, releases);
  return app;
}
