import path from 'node:path';
import { z } from 'zod';
import type { DiscountTokenIds } from '@registry/contracts/discounts';
import { SERVER_ROOT } from './paths';

/** Root of the workspace: the built shell and remotes live in its app folders. */
const WORKSPACE_ROOT = path.resolve(SERVER_ROOT, '..');

const TOKEN_ID = /^\d+\.\d+\.\d+$/;

/** Which proxies may tell the client's address (X-Forwarded-For): a hop count or addresses / CIDRs. */
const TrustProxySchema = z
  .string()
  .default('false')
  .transform((value, context): boolean | number | string[] => {
    const trimmed = value.trim();
    if (trimmed === 'false' || trimmed === '0') return false;
    if (trimmed === 'true') return true;
    if (/^\d+$/.test(trimmed)) return Number(trimmed);
    const addresses = trimmed.split(',').map((part) => part.trim());
    if (addresses.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part) && part !== 'loopback')) {
      context.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY must be a hop count or comma-separated addresses',
      });
      return z.NEVER;
    }
    return addresses;
  });

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Off by default: X-Forwarded-For is ignored unless it comes from a proxy named here. */
  TRUST_PROXY: TrustProxySchema,
  /** Who may use the local ledger's faucet and pause switch: loopback clients only, or anyone. */
  LEDGER_DEV_ROUTES: z.enum(['loopback', 'open']).default('loopback'),
  /** Who may read `/metrics`: clients on this machine, or any (a scraper behind the operator's network). */
  METRICS: z.enum(['loopback', 'open']).default('loopback'),
  /** A scraper on another machine reads `/metrics` with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** `/metrics` also on a listener of its own (only that path), for a network only scrapers reach. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded database and other local state. */
  DATA_DIR: z.string().default('./.data'),
  /** `postgres://…` selects a PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  /** Waiting for a free database connection longer than this answers 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  /** A statement running (or waiting for a lock) longer than this is cancelled. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** A request not answered within this answers 503. */
  HANDLER_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** A client must finish sending its request (headers and body) within this, or the socket is closed. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Folder holding the shell and remote app folders with their builds. */
  APPS_ROOT: z.string().default(WORKSPACE_ROOT),
  /** JSON file `{ "remotes": [{ "name", "entry" }] }` overriding where the shell finds remotes. */
  REMOTES_FILE: z.string().optional(),
  /** Where published releases of remotes are kept (default DATA_DIR/releases); shared by every server. */
  RELEASES_DIR: z.string().optional(),
  /** Bearer token of the deploy API and `npm run release`; unset, releases are off. */
  DEPLOY_TOKEN: z.string().min(24).optional(),
  /** Address users reach the app at; used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Secure cookies need https; on by default only when PUBLIC_URL is https. */
  COOKIE_SECURE: z.enum(['true', 'false']).optional(),
  LEDGER: z.enum(['local', 'hedera']).default('local'),
  /** testnet, mainnet, or a local network (`npx local-ledger`, hiero-local-node): Client.forLocalNode(). */
  HEDERA_NETWORK: z.enum(['testnet', 'mainnet', 'local']).default('testnet'),
  /** Another network's consensus nodes: `host:port=0.0.3,host:port=0.0.4` (overrides HEDERA_NETWORK's). */
  HEDERA_NODES: z
    .string()
    .regex(
      /^[\w.-]+:\d+=\d+\.\d+\.\d+(,[\w.-]+:\d+=\d+\.\d+\.\d+)*$/,
      'HEDERA_NODES must read host:port=0.0.3[,host:port=0.0.4…]',
    )
    .optional(),
  HEDERA_OPERATOR_ID: z.string().regex(TOKEN_ID).optional(),
  HEDERA_OPERATOR_KEY: z.string().min(64).optional(),
  /** Where the HBAR rate comes from: the mirror node's exchange rate (default) or CoinGecko. */
  PRICE_SOURCE: z.enum(['mirror', 'coingecko']).default('mirror'),
  /** Mirror node origin (paths start at /api/v1). Unset with the local ledger: its own /ledger routes. */
  MIRROR_NODE_URL: z.string().url().optional(),
  /** USD for one HBAR on the local ledger. */
  FIXED_USD_PER_HBAR: z.coerce.number().positive().default(0.05),
  /** Token id of the other provider's domain NFTs (e.g. 0.0.1234); unset lists none. */
  OTHER_PROVIDER_TOKEN_ID: z.string().regex(TOKEN_ID).optional(),
  /**
   * The registry's journal topic, for a database that has none: an empty database started with it is
   * rebuilt from the ledger (the journal, the collections and the payments) before it takes writes.
   */
  JOURNAL_TOPIC_ID: z.string().regex(TOKEN_ID).optional(),
  /** Holders of this token may claim one domain (the claim promotion); unset, nobody is eligible. */
  CLAIM_TOKEN_ID: z.string().regex(TOKEN_ID).optional(),
  /** Token ids of the discount groups (spec section 9); unset groups give no discount. */
  DISCOUNT_TOKEN_EARLY_ACCESS: z.string().regex(TOKEN_ID).optional(),
  DISCOUNT_TOKEN_COLLECTIBLE: z.string().regex(TOKEN_ID).optional(),
  DISCOUNT_TOKEN_HOLDER: z.string().regex(TOKEN_ID).optional(),
  DISCOUNT_TOKEN_PARTNER: z.string().regex(TOKEN_ID).optional(),
  DISCOUNT_TOKEN_KOALA: z.string().regex(TOKEN_ID).optional(),
  /** WalletConnect project id for HashPack and Blade; without it their buttons explain why they are off. */
  WALLETCONNECT_PROJECT_ID: z.string().min(8).optional(),
  /** smtp://user:pass@host:port; without it mail is written to DATA_DIR/mail. */
  SMTP_URL: z.string().optional(),
  /**
   * How long top-level domains, reserved names and prices read from the database are kept in memory:
   * a change made in the database reaches every server within this.
   */
  REFERENCE_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long the HBAR rate is kept before it is read again (the spec refreshes it every 10 minutes). */
  RATE_CACHE_MS: z.coerce.number().int().min(0).default(600_000),
  /**
   * How long a quote holds its names and price for the buyer's wallet to pay. A payment after it is
   * still taken while the names are free, and refunded once someone else has them.
   */
  QUOTE_TTL_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How long a worker holds a job before another may take it over (after a crash). */
  JOB_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How long one server leads a ledger watcher feed without renewing; another takes over after it. */
  FEED_LEASE_MS: z.coerce.number().int().min(1000).default(15_000),
  /** How often the ledger watcher reads the mirror node for payments and NFT transfers. */
  WATCH_INTERVAL_MS: z.coerce.number().int().min(100).default(1000),
  /** While a quote is open, how often the payments feed is also read (0: only with the rest). */
  WATCH_PAYMENTS_INTERVAL_MS: z.coerce.number().int().min(0).default(200),
  /**
   * The sweep over every NFT of the collections, behind the feed of the network's transfers: it finds
   * what no transfer shows (burns, wipes, a gap in the feed) and counts it as drift. Off only to test
   * the feed alone.
   */
  HOLDER_SWEEP: z.stringbool().default(true),
  /** A sweep pass starts at most this often (0: as soon as the last ended). */
  HOLDER_SWEEP_PASS_MS: z.coerce.number().int().min(0).default(3_600_000),
  /** The sweep reads a page of 100 NFTs at most this often (0: as many as a round takes). */
  HOLDER_SWEEP_PAGE_MS: z.coerce.number().int().min(0).default(6000),
  /** How often each server looks for expiry reminders that are due (sending each is a job, once). */
  REMINDER_SWEEP_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How often each server looks for released names whose NFT is still live (wiping each is a job, once). */
  RELEASE_SWEEP_MS: z.coerce.number().int().min(1000).default(60_000),
  /** After a domain expires, the days it stays its owner's to extend before anyone may register it. */
  GRACE_PERIOD_DAYS: z.coerce.number().min(0).max(365).default(30),
  /** USD premium on a name the day it is released after its grace period; halves daily, gone on day 21. */
  RELEASE_PREMIUM_USD: z.coerce.number().min(0).max(100_000_000).default(1000),
  /** Checks every response against its schema as well (the tests do; a broken answer is a 500). */
  CHECK_RESPONSES: z.stringbool().default(false),
  /** Mint and refund jobs one server runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Requests per minute and client. */
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_SEARCH: z.coerce.number().int().positive().default(120),
  /** Development accounts a client may open on the local ledger's faucet per hour. */
  RATE_LIMIT_FAUCET: z.coerce.number().int().positive().default(5),
  /** Verification mails per hour, for one account and for one address. */
  RATE_LIMIT_VERIFICATION_MAIL: z.coerce.number().int().positive().default(3),
  /** Quotes per minute for one account, and for one client address. */
  RATE_LIMIT_QUOTE: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_QUOTE_ADDRESS: z.coerce.number().int().positive().default(30),
  /**
   * Ledger reads of a name's holder on request (after a transfer), and of an account's NFTs when My Domains
   * loads, per minute and account.
   */
  RATE_LIMIT_HOLDER_REFRESH: z.coerce.number().int().positive().default(10),
  /** Remote health reports per minute from one client address, and in all on one server. */
  RATE_LIMIT_REMOTE_HEALTH: z.coerce.number().int().positive().default(12),
  REMOTE_HEALTH_REPORTS_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  /** How often one server judges the canaries that run with `--auto`. */
  CANARY_JUDGE_MS: z.coerce.number().int().positive().default(15_000),
  /** Names one account, and one client address, may hold at once in unpaid quotes (a cart holds 2). */
  HELD_NAMES_PER_ACCOUNT: z.coerce.number().int().positive().default(6),
  HELD_NAMES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** A session ends this long after sign-in, or after this long without a request, whichever is first. */
  SESSION_TTL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(24 * 60 * 60_000),
  SESSION_IDLE_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .default(2 * 60 * 60_000),
});

export type AppConfig = z.infer<typeof ConfigSchema> & {
  /** Per-remote manifest URLs from `REMOTE_URL_<NAME>` variables, e.g. REMOTE_URL_SEARCH. */
  remoteUrlOverrides: Record<string, string>;
};

/** The public mirror node of each network. */
export const MIRROR_NODES = {
  testnet: 'https://testnet.mirrornode.hedera.com',
  mainnet: 'https://mainnet.mirrornode.hedera.com',
  /** A local network's mirror REST where hiero-local-node and `npx local-ledger` serve it. */
  local: 'http://127.0.0.1:5551',
} as const;

/** Cookies are Secure when configured so, else when the public address is https. */
export function usesSecureCookies(config: Pick<AppConfig, 'COOKIE_SECURE'>, publicUrl: string): boolean {
  return config.COOKIE_SECURE ? config.COOKIE_SECURE === 'true' : publicUrl.startsWith('https:');
}

/** HEDERA_NODES as the SDK's network map: address → node account. */
export function hederaNodes(config: Pick<AppConfig, 'HEDERA_NODES'>): Record<string, string> | null {
  if (!config.HEDERA_NODES) return null;
  return Object.fromEntries(
    config.HEDERA_NODES.split(',').map((entry) => entry.split('=') as [string, string]),
  );
}

/** The discount groups' token ids from configuration. */
export function discountTokenIds(config: AppConfig): DiscountTokenIds {
  return {
    earlyAccess: config.DISCOUNT_TOKEN_EARLY_ACCESS,
    collectible: config.DISCOUNT_TOKEN_COLLECTIBLE,
    normalHolder: config.DISCOUNT_TOKEN_HOLDER,
    partner: config.DISCOUNT_TOKEN_PARTNER,
    koala: config.DISCOUNT_TOKEN_KOALA,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools that read .env files.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (
    parsed.data.LEDGER === 'hedera' &&
    (!parsed.data.HEDERA_OPERATOR_ID || !parsed.data.HEDERA_OPERATOR_KEY)
  ) {
    throw new Error(
      'Invalid configuration:\n  LEDGER=hedera needs HEDERA_OPERATOR_ID and HEDERA_OPERATOR_KEY',
    );
  }
  const remoteUrlOverrides = Object.fromEntries(
    Object.entries(env)
      .filter(([key, value]) => key.startsWith('REMOTE_URL_') && value)
      .map(([key, value]) => [key.slice('REMOTE_URL_'.length).toLowerCase(), value as string]),
  );
  return { ...parsed.data, remoteUrlOverrides };
}
