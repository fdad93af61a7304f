import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MIRROR_NODES, usesSecureCookies, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { injectFetch } from '../plugins/inject-fetch';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import { ensureLocalPass } from '../ledger/local-passes';
import type { LocalLedgerParts } from '../ledger/local-ledger-adapter';
import { MirrorLedgerReader, MirrorReader } from '../ledger/mirror-reader';
import { fileMailer, smtpMailer, type Mailer } from '../mail/mailer';
import { createAuthService } from '../modules/auth/service';
import { registerSessions, sessionCookieName } from '../plugins/sessions';
import { createDomainService } from '../modules/domains/service';
import { createEmailVerificationService } from '../modules/email-verification/service';
import { createIdentityService } from '../modules/identity/service';
import { createJournalService } from '../modules/journal/service';
import { createOrderRecords } from '../modules/orders/service';
import { createProfileService } from '../modules/profile/service';
import { createRecordService } from '../modules/records/service';
import { createPriceList } from '../modules/settings/price-list';
import {
  CachedPriceSource,
  coinGeckoUsdPerHbar,
  createSettingsService,
  type PriceSource,
  type SettingsService,
} from '../modules/settings/service';
import { createTldService } from '../modules/tlds/service';

export type { LocalLedgerParts };

/** Where the local ledger's mirror routes are reached in-process. */
const LOCAL_MIRROR_URL = 'http://local-ledger/ledger';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Reaching the ledger: its mirror node, whether it is up, the HBAR rate, and the writer of the treasury. */
export function createLedgerAccess(
  app: FastifyInstance,
  config: AppConfig,
  parts: { localLedger?: LocalLedgerParts; hederaWriter?: LedgerWriter; prices?: PriceSource },
) {
  const mirrorUrl =
    config.MIRROR_NODE_URL ?? (config.LEDGER === 'hedera' ? MIRROR_NODES[config.HEDERA_NETWORK] : undefined);
  // One mirror client for both ledgers: the local one answers in-process, Hedera's over HTTP.
  const mirror = new MirrorReader(mirrorUrl ?? LOCAL_MIRROR_URL, mirrorUrl ? fetch : injectFetch(app));
  // The embedded ledger tells whether it is up without a round trip through its mirror routes.
  const local = parts.localLedger;
  const ledger = new MirrorLedgerReader(mirror, local ? () => local.ledger.isAvailable() : undefined);
  const priceSource =
    parts.prices ??
    new CachedPriceSource(
      config.PRICE_SOURCE === 'coingecko' ? () => coinGeckoUsdPerHbar() : () => mirror.usdPerHbar(),
      config.RATE_CACHE_MS,
    );
  return { mirrorUrl, mirror, ledger, priceSource, writer: local?.writer ?? parts.hederaWriter };
}
export type LedgerAccess = ReturnType<typeof createLedgerAccess>;

/** The promotions' tokens: configured, or on the local ledger its own collections ("Claim pass", …). */
async function promotionTokens(settings: SettingsService, config: AppConfig, localLedger?: LocalLedgerParts) {
  const localPass = (pass: 'claim' | 'earlyAccess' | 'otherProvider') =>
    localLedger ? ensureLocalPass(settings, localLedger.writer, pass) : Promise.resolve(null);
  return {
    claimTokenId: config.CLAIM_TOKEN_ID ?? (await localPass('claim')),
    earlyAccessTokenId: config.DISCOUNT_TOKEN_EARLY_ACCESS ?? (await localPass('earlyAccess')),
    otherProviderTokenId: config.OTHER_PROVIDER_TOKEN_ID ?? (await localPass('otherProvider')),
  };
}

/** The modules' services, each over the database and the ledger access. */
export async function createModuleServices(
  app: FastifyInstance,
  deps: {
    config: AppConfig;
    database: Database;
    access: LedgerAccess;
    publicUrl: string;
    localLedger?: LocalLedgerParts;
    mailer?: Mailer;
  },
) {
  const { config, access, publicUrl } = deps;
  const db = deps.database.db;
  const settings = createSettingsService(db, { cacheMs: config.REFERENCE_CACHE_MS });
  const tlds = createTldService(db, { cacheMs: config.REFERENCE_CACHE_MS });
  const priceList = createPriceList(settings, access.priceSource);
  const auth = createAuthService({
    db,
    ledger: access.ledger,
    sessionTtlMs: config.SESSION_TTL_MS,
    sessionIdleMs: config.SESSION_IDLE_MS,
  });
  const { requireSession } = registerSessions(
    app,
    auth,
    sessionCookieName(usesSecureCookies(config, publicUrl)),
  );
  const tokens = await promotionTokens(settings, config, deps.localLedger);
  const journal = createJournalService(db);
  const domains = createDomainService({
    db,
    journal,
    ledger: access.ledger,
    tlds,
    priceList,
    otherProviderTokenId: tokens.otherProviderTokenId,
    referenceCacheMs: config.REFERENCE_CACHE_MS,
    gracePeriodMs: config.GRACE_PERIOD_DAYS * DAY_MS,
    releasePremiumUsd: config.RELEASE_PREMIUM_USD,
    holderReadsPerMinute: config.RATE_LIMIT_HOLDER_REFRESH,
  });
  const profiles = createProfileService(db);
  const orderRecords = createOrderRecords(db);
  const identity = createIdentityService({ db, domains, ledger: access.ledger, journal });
  const mail =
    deps.mailer ??
    (config.SMTP_URL
      ? smtpMailer(config.SMTP_URL)
      : fileMailer(path.resolve(config.DATA_DIR, 'mail'), (line) => app.log.info(line)));
  return {
    settings,
    tlds,
    priceList,
    auth,
    requireSession,
    tokens,
    domains,
    profiles,
    orderRecords,
    identity,
    records: createRecordService({ db, domains, orders: orderRecords, identity, journal }),
    journal,
    mail,
    verifications: createEmailVerificationService({
      db,
      profiles,
      publicUrl,
      mailsPerHour: config.RATE_LIMIT_VERIFICATION_MAIL,
      mailer: mail,
    }),
  };
}
export type ModuleServices = Awaited<ReturnType<typeof createModuleServices>>;
