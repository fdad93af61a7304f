import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  boolean,
  index,
  integer,
  jsonb,
  primaryKey,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DOMAIN_STATUS,
  OTHER_DOMAIN_STATUS,
  type DomainStatus,
  type OtherDomainStatus,
} from '@registry/contracts/status-codes';
import {
  JOB_STATUS,
  ORDER_STATUS,
  statusLiteral,
  type JobStatus,
  type OrderStatus,
  type PaymentOutcome,
} from './statuses';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const hbar = (name: string) => numeric(name, { precision: 20, scale: 8, mode: 'number' });

/** Top-level domains on sale; each is one NFT collection on the ledger. */
export const tlds = pgTable('tlds', {
  name: text('name').primaryKey(),
  sortOrder: integer('sort_order').notNull().default(100),
  active: boolean('active').notNull().default(true),
  /** The NFT collection of this top-level domain, once created on the ledger. */
  tokenId: text('token_id'),
  /**
   * The collection's creation transaction, prepared once and submitted by whichever server gets to it:
   * kept here, not in one server's job, so servers starting together create one collection.
   */
  collectionCreation: jsonb('collection_creation').$type<{ bytes: string; transactionId: string }>(),
  createdAt: createdAt(),
});

/** Configuration kept in the database: prices, discount settings, token ids. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Labels nobody can buy. */
export const reservedNames = pgTable('reserved_names', {
  label: text('label').primaryKey(),
  reason: text('reason').notNull().default('reserved'),
});

/** Owned and pending domains and subdomains. */
export const domains = pgTable(
  'domains',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    tld: text('tld').notNull(),
    /** Set for subdomains: the name they belong to. */
    parentName: text('parent_name'),
    isSub: integer('is_sub').notNull().default(0),
    ownerAccount: text('owner_account').notNull(),
    /** When the name reached its owner (bought, or its NFT moved): a primary name set before it is void. */
    ownerSince: timestamp('owner_since', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    months: integer('months').notNull(),
    price: hbar('price').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    webProtection: boolean('web_protection').notNull().default(false),
    subscribed: boolean('subscribed').notNull().default(false),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    /** Paid and waiting for delivery, delivered (minted and sent), or its NFT burned. */
    status: integer('status').$type<DomainStatus>().notNull().default(DOMAIN_STATUS.paid),
    tokenId: text('token_id'),
    serialNo: bigint('serial_no', { mode: 'number' }),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('domains_name_unique').on(table.name),
    index('domains_order_idx').on(table.orderId),
    index('domains_owner_idx').on(table.ownerAccount),
    index('domains_parent_idx').on(table.parentName),
    index('domains_nft_idx').on(table.tokenId, table.serialNo),
  ],
);

/** A quote that becomes a paid order once its ledger transaction is verified. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default(ORDER_STATUS.quoted),
    totalHbar: hbar('total_hbar').notNull(),
    amountTinybars: bigint('amount_tinybars', { mode: 'bigint' }).notNull(),
    discounts: jsonb('discounts')
      .notNull()
      .default(sql`'[]'::jsonb`),
    transactionId: text('transaction_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Tinybars sent back to the buyer: names someone else got first, an expired quote, overpayment. */
    refundedTinybars: bigint('refunded_tinybars', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('orders_transaction_unique').on(table.transactionId),
    index('orders_account_idx').on(table.accountId),
    // Whether any quote is open (the ledger watcher reads payments promptly while one is).
    index('orders_open_quotes_idx')
      .on(table.expiresAt)
      .where(sql.raw(`status = ${statusLiteral(ORDER_STATUS.quoted)}`)),
    // The claim promotion: one open or paid claim per account, whatever races the requests run.
    uniqueIndex('orders_one_claim_per_account')
      .on(table.accountId)
      .where(
        sql.raw(
          `kind = 'claim' and status in (${[ORDER_STATUS.quoted, ORDER_STATUS.paid, ORDER_STATUS.completed].map(statusLiteral).join(', ')})`,
        ),
      ),
  ],
);

/**
 * Names held for a quote: one row per name, so two buyers can never hold the same name at once. A
 * hold past its expiry may be taken over; a paid order's names become `domains` rows.
 */
export const nameHolds = pgTable(
  'name_holds',
  {
    name: text('name').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When this account's unbroken hold began: a re-quote never holds the name past one quote's life from it. */
    heldSince: timestamp('held_since', { withTimezone: true }).notNull().defaultNow(),
    /** The client address that quoted: the cap on names held at once applies per address too. */
    clientAddress: text('client_address'),
  },
  (table) => [
    index('name_holds_order_idx').on(table.orderId),
    index('name_holds_account_idx').on(table.accountId),
    index('name_holds_client_address_idx').on(table.clientAddress),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemName: text('item_name').notNull(),
    months: integer('months').notNull(),
    price: hbar('price').notNull(),
    isWebProtectionOn: boolean('is_web_protection_on').notNull().default(false),
    webProtection: hbar('web_protection').notNull().default(0),
    isSubscriptionOn: boolean('is_subscription_on').notNull().default(false),
    subscriptionPrice: hbar('subscription_price').notNull().default(0),
    isSub: integer('is_sub').notNull().default(0),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    index('order_lines_item_name_idx').on(table.itemName),
  ],
);

export const profiles = pgTable('profiles', {
  accountId: text('account_id').primaryKey(),
  fullName: text('full_name').notNull().default(''),
  email: text('email').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** Opted in to mails before the account's names expire (sent only while the email is verified). */
  expiryReminders: boolean('expiry_reminders').notNull().default(false),
  mobileNo: text('mobile_no').notNull().default(''),
  countryCode: text('country_code').notNull().default('+1'),
  adrLine1: text('adr_line1').notNull().default(''),
  adrLine2: text('adr_line2').notNull().default(''),
  city: text('city').notNull().default(''),
  state: text('state').notNull().default(''),
  country: text('country').notNull().default('United States'),
  pincode: text('pincode').notNull().default(''),
  dp: text('dp'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Raw bytes (PostgreSQL bytea). */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** A profile's picture: checked image bytes, served back only with the type they were checked as. */
export const profilePictures = pgTable('profile_pictures', {
  accountId: text('account_id').primaryKey(),
  contentType: text('content_type').notNull(),
  image: bytes('image').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Resolver records of a domain: its web2 address and five assets. */
export const domainRecords = pgTable('domain_records', {
  domainName: text('domain_name').primaryKey(),
  siteAddress: text('site_address'),
  web3Asset: text('web3_asset'),
  twitter: text('twitter'),
  linkedIn: text('linkedin'),
  facebook: text('facebook'),
  instagram: text('instagram'),
  /** 1 once the fee of the last site address change was paid. */
  statusSiteAddress: integer('status_site_address').notNull().default(0),
  statusAssets: integer('status_assets').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Domains minted by another provider, known by their NFT (token id + serial). */
export const otherProviderDomains = pgTable(
  'other_provider_domains',
  {
    id: serial('id').primaryKey(),
    domainName: text('domain_name').notNull(),
    tokenId: text('token_id').notNull(),
    serialNumber: bigint('serial_number', { mode: 'number' }).notNull(),
    /** Subscribed or active without subscription; anything else is not listed. */
    status: integer('status').$type<OtherDomainStatus>().notNull().default(OTHER_DOMAIN_STATUS.unsubscribed),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('other_provider_domains_nft_unique').on(table.tokenId, table.serialNumber),
    uniqueIndex('other_provider_domains_name_unique').on(table.domainName),
  ],
);

/** One-time sign-in challenges. */
export const authChallenges = pgTable('auth_challenges', {
  nonce: text('nonce').primaryKey(),
  accountId: text('account_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Wallet sessions; the cookie carries the id, the table only its hash. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    accountId: text('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Last request seen with this session (kept to the minute): an idle session ends before its expiry. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: serial('id').primaryKey(),
    accountId: text('account_id').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_verifications_code_unique').on(table.codeHash)],
);

/** The durable job queue (mint, deliver, refund): survives restarts; each job is keyed to run once. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    /** What makes the job unique, e.g. `mint:alpha.hbar:{order id}`: enqueuing twice is a no-op. */
    uniqueKey: text('unique_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default(JOB_STATUS.queued),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_unique_key').on(table.uniqueKey),
    index('jobs_status_run_after_idx').on(table.status, table.runAfter),
  ],
);

/**
 * The ledger watcher's feeds (the treasury's payments, each domain collection's NFTs): where each one
 * has read up to, and which server leads it until when. One leader at a time; another takes over once
 * the lease has run out.
 */
export const ledgerFeeds = pgTable('ledger_feeds', {
  name: text('name').primaryKey(),
  /** Consensus timestamp (`seconds.nanos`) or serial read up to, as the feed counts. */
  cursor: text('cursor').notNull().default('0'),
  leader: text('leader'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Consensus time of the last item read: how far behind the ledger the feed is. */
  readUpTo: timestamp('read_up_to', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every payment the treasury received, once: settled into its order or refunded whole. Keyed by the
 * payment's transaction id, so the watcher and a browser's confirm settle it once between them.
 */
/**
 * Which name each serial of the registry's collections was minted for, as the ledger shows it (the
 * NFT's metadata): what the registry has minted, whatever its other tables remember after a restore.
 * Only new serials are added (by each mint and the watcher's sweep); whether one still lives is asked of
 * the ledger when it matters.
 */
export const collectionNames = pgTable(
  'collection_names',
  {
    tokenId: text('token_id').notNull(),
    serialNo: bigint('serial_no', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenId, table.serialNo] }),
    index('collection_names_name_idx').on(table.tokenId, table.name),
  ],
);

export const ledgerPayments = pgTable(
  'ledger_payments',
  {
    transactionId: text('transaction_id').primaryKey(),
    consensusTimestamp: text('consensus_timestamp').notNull(),
    payerAccount: text('payer_account').notNull(),
    amountTinybars: bigint('amount_tinybars', { mode: 'bigint' }).notNull(),
    /** The order the memo named, when it named one. */
    orderId: uuid('order_id'),
    outcome: text('outcome').$type<PaymentOutcome>().notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [index('ledger_payments_payer_idx').on(table.payerAccount)],
);

/**
 * The name an account chose to be known by. It stands only while the account has held the name since
 * it was set (a transfer, a release or a burn voids it), so it is checked against `domains` on read.
 */
export const primaryNames = pgTable(
  'primary_names',
  {
    accountId: text('account_id').primaryKey(),
    domainName: text('domain_name').notNull(),
    setAt: timestamp('set_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('primary_names_domain_idx').on(table.domainName)],
);

/**
 * Accounts' EVM addresses as the mirror node answers them (an alias, or the long-zero form), learned once
 * per account: Hedera never changes an account's alias once it has one.
 */
export const accountEvmAddresses = pgTable('account_evm_addresses', {
  accountId: text('account_id').primaryKey(),
  /** `0x` and 40 hex digits, lower case. */
  evmAddress: text('evm_address').notNull(),
  learnedAt: timestamp('learned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A published, immutable build of one remote: its files are under RELEASES_DIR/<folder>/<version>/. */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    remote: text('remote').notNull(),
    /** Content hash of its files and the time it was made, e.g. `3f2a9c0d11b4-20261125143000`. */
    version: text('version').notNull(),
    /** The contracts and bus versions its build states (`registry-build.json`). */
    build: jsonb('build').$type<{ contracts: string; bus: string }>(),
    files: integer('files').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /**
     * Each file's SHA-256 (`sha256-<base64>`, as Subresource Integrity writes it), taken when the release
     * was recorded: a file whose bytes no longer match is not served. Null for releases recorded before.
     */
    fileHashes: jsonb('file_hashes').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('remote_releases_version_unique').on(table.remote, table.version)],
);

/**
 * Every switch of a remote's live version, never rewritten: the latest row per remote is live, and the
 * rows before it are the history a rollback walks back. A null version is the server's own build.
 */
export const remoteActivations = pgTable(
  'remote_activations',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version'),
    previousVersion: text('previous_version'),
    /** Who switched it: the deploy client's address. */
    actor: text('actor').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('remote_activations_remote_idx').on(table.remote, table.id)],
);

/** A candidate release of a remote served to a share of browsers (each sticks to its bucket). */
export const remoteCanaries = pgTable('remote_canaries', {
  remote: text('remote').primaryKey(),
  version: text('version').notNull(),
  /** Browsers whose bucket (0–99) is below this get the candidate. */
  percent: integer('percent').notNull(),
  actor: text('actor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When this version first went to browsers: the health compared for it is counted from here. */
  startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  /** Judged by the server (promoted when healthy, stopped when worse than live), or null: by hand only. */
  auto: jsonb('auto').$type<{ windowSeconds: number; minMounts: number }>(),
});

/** Why a canary ended without a person: made live, or stopped, with the figures it was judged on. */
export const remoteCanaryDecisions = pgTable(
  'remote_canary_decisions',
  {
    id: serial('id').primaryKey(),
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** `promoted` or `stopped`. */
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
    figures: jsonb('figures').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('remote_canary_decisions_remote_idx').on(table.remote, table.id)],
);

/**
 * What browsers reported of each remote version, per minute: page mounts and each kind of error
 * (`remote-health` module). `remote` `*` holds the reports the endpoint refused (its limits).
 */
export const remoteHealthCounts = pgTable(
  'remote_health_counts',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    kind: text('kind').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.remote, table.version, table.kind, table.minute] })],
);

/**
 * The journal's outbox: each change to a name's public state, written in the same transaction as the
 * change, then sent to the journal topic once, in this order. The prepared transaction is kept before it
 * is sent (a retry or another server sends those same bytes); the sequence number once it is on the topic.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    /** Local order: entries are sent in it. */
    position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity().primaryKey(),
    /** The entry's id in its message: unique across restores (positions are not). */
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    event: text('event').notNull(),
    /** The message as sent (JSON text, at most 1024 bytes). */
    message: text('message').notNull(),
    submission: jsonb('submission').$type<{ bytes: string; transactionId: string }>(),
    sequenceNumber: bigint('sequence_number', { mode: 'number' }),
    consensusTimestamp: text('consensus_timestamp'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('journal_entries_id_unique').on(table.id),
    index('journal_entries_unsent_idx')
      .on(table.position)
      .where(sql`sequence_number is null`),
    index('journal_entries_name_idx').on(table.name),
    // The last message sent is read on every status answer: from the index's end, not the whole table.
    index('journal_entries_sequence_idx').on(table.sequenceNumber),
  ],
);

/** The journal's topic, created once across servers: its creation kept here until its id is recorded. */
export const journalTopic = pgTable('journal_topic', {
  key: text('key').primaryKey().default('journal'),
  topicId: text('topic_id'),
  creation: jsonb('creation').$type<{ bytes: string; transactionId: string }>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
