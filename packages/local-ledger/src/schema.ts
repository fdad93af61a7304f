import { sql } from 'drizzle-orm';
import type { AssessedFee, StoredFee, TopicFee } from './custom-fee-types';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// The embedded local ledger's tables: what a Hedera network and its mirror node would hold.

/** Entity numbers of the local ledger: accounts and tokens share one counter, as on Hedera. */
export const ledgerEntityNum = pgSequence('ledger_entity_num', { startWith: 1001 });

/** Accounts of the embedded local ledger (numbered as on Hedera) with their public keys. */
export const ledgerAccounts = pgTable('ledger_accounts', {
  accountNum: bigint('account_num', { mode: 'number' }).primaryKey(),
  /** Raw hex public key, as the mirror node's `key.key`. */
  publicKey: text('public_key'),
  keyType: text('key_type'),
  balanceTinybars: bigint('balance_tinybars', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  memo: text('memo').notNull().default(''),
  createdTimestamp: text('created_timestamp'),
  /** The alias an account was made with (an ECDSA key's EVM address, 40 hex digits in lower case). */
  evmAddress: text('evm_address'),
  /** Made by a transfer to a key alias (HIP-32): that alias, HAPI's Key serialized, in hex. */
  aliasKey: text('alias_key'),
  /** Deleted by CryptoDelete: it holds nothing and takes no transfers. */
  deleted: boolean('deleted').notNull().default(false),
  /** Staked to another account, or to a node (by node id), as stated; this ledger pays no rewards. */
  stakedAccountId: text('staked_account_id'),
  stakedNodeId: bigint('staked_node_id', { mode: 'number' }),
  declineReward: boolean('decline_reward').notNull().default(false),
  /** The start (a UTC day) of the staking period a node stake began in. */
  stakePeriodStart: text('stake_period_start'),
  /** Tokens the account is associated with when it first receives them: -1 for any number (HIP-904). */
  maxAutomaticTokenAssociations: integer('max_automatic_token_associations').notNull().default(0),
  createdAt: createdAt(),
});

/** Tokens of the local ledger: NFT collections and fungible tokens. */
export const ledgerTokens = pgTable('ledger_tokens', {
  tokenId: text('token_id').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  tokenType: text('token_type').notNull(),
  treasuryAccount: text('treasury_account').notNull(),
  adminKey: text('admin_key'),
  adminKeyType: text('admin_key_type'),
  supplyKey: text('supply_key'),
  supplyKeyType: text('supply_key_type'),
  /** Set only on collections created with one: it lets the key's holder take NFTs out of accounts. */
  wipeKey: text('wipe_key'),
  wipeKeyType: text('wipe_key_type'),
  /** With a pause key, the token can be paused: nothing of it moves, is minted, burned or wiped. */
  pauseKey: text('pause_key'),
  pauseKeyType: text('pause_key_type'),
  paused: boolean('paused').notNull().default(false),
  /** With a freeze key, a holder can be frozen (nothing of the token moves to or from it). */
  freezeKey: text('freeze_key'),
  freezeKeyType: text('freeze_key_type'),
  /** New associations start frozen. */
  freezeDefault: boolean('freeze_default').notNull().default(false),
  /** With a KYC key, a holder takes part in transfers only once granted KYC. */
  kycKey: text('kyc_key'),
  kycKeyType: text('kyc_key_type'),
  /** With a metadata key, an NFT's metadata can be changed after its mint. */
  metadataKey: text('metadata_key'),
  metadataKeyType: text('metadata_key_type'),
  /** Kept and shown: the key that may change the token's custom fees. */
  feeScheduleKey: text('fee_schedule_key'),
  feeScheduleKeyType: text('fee_schedule_key_type'),
  /** The custom fees its transfers pay (HIP-18). */
  customFees: jsonb('custom_fees')
    .$type<StoredFee[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** When its custom fees were last replaced (null: at its creation). */
  customFeesTimestamp: text('custom_fees_timestamp'),
  /** The token's own metadata (HIP-646), base64. */
  metadata: text('metadata').notNull().default(''),
  /** Deleted with its admin key: listed still, and refused by every later transaction. */
  deleted: boolean('deleted').notNull().default(false),
  memo: text('memo').notNull().default(''),
  /** NFTs held, or a fungible token's smallest units (beyond 2^53: a bigint). */
  totalSupply: bigint('total_supply', { mode: 'bigint' }).notNull().default(0n),
  /** A fungible token's decimals and the supply its treasury started with; 0 for NFTs. */
  decimals: integer('decimals').notNull().default(0),
  initialSupply: bigint('initial_supply', { mode: 'bigint' }).notNull().default(0n),
  /** FINITE: the supply never passes `maxSupply`. */
  supplyType: text('supply_type').notNull().default('INFINITE'),
  maxSupply: bigint('max_supply', { mode: 'bigint' }).notNull().default(0n),
  createdTimestamp: text('created_timestamp').notNull(),
});

/** Topics of the consensus service: their keys, memo, and the sequence number and running hash so far. */
export const ledgerTopics = pgTable('ledger_topics', {
  topicId: text('topic_id').primaryKey(),
  memo: text('memo').notNull().default(''),
  adminKey: text('admin_key'),
  adminKeyType: text('admin_key_type'),
  /** When set, only messages signed with it are taken. */
  submitKey: text('submit_key'),
  submitKeyType: text('submit_key_type'),
  autoRenewAccount: text('auto_renew_account'),
  autoRenewPeriod: bigint('auto_renew_period', { mode: 'number' }),
  sequenceNumber: bigint('sequence_number', { mode: 'number' }).notNull().default(0),
  /** Base64 of the last message's running hash (48 bytes); null before the first message. */
  runningHash: text('running_hash'),
  deleted: boolean('deleted').notNull().default(false),
  createdTimestamp: text('created_timestamp').notNull(),
  modifiedTimestamp: text('modified_timestamp').notNull(),
  /** The key that may change its custom fees (HIP-991); none set at creation, none ever. */
  feeScheduleKey: text('fee_schedule_key'),
  feeScheduleKeyType: text('fee_schedule_key_type'),
  /** Keys whose signature on a message waives its custom fees. */
  feeExemptKeys: jsonb('fee_exempt_keys')
    .$type<{ key: string; type: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The fixed fees each message pays its collectors. */
  customFees: jsonb('custom_fees')
    .$type<TopicFee[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** When its custom fees were last set (null: at its creation). */
  customFeesTimestamp: text('custom_fees_timestamp'),
});

/** Each message a topic took, in order: what the mirror node's topic message routes serve. */
export const ledgerTopicMessages = pgTable(
  'ledger_topic_messages',
  {
    topicId: text('topic_id').notNull(),
    sequenceNumber: bigint('sequence_number', { mode: 'number' }).notNull(),
    consensusNs: bigint('consensus_ns', { mode: 'bigint' }).notNull(),
    consensusTimestamp: text('consensus_timestamp').notNull(),
    /** Base64 of the message's bytes (one chunk's, for a chunked message). */
    message: text('message').notNull(),
    runningHash: text('running_hash').notNull(),
    runningHashVersion: integer('running_hash_version').notNull(),
    payerAccount: text('payer_account').notNull(),
    /** `{ initial_transaction_id, number, total }` as the mirror node answers it; null for a single message. */
    chunkInfo: jsonb('chunk_info'),
  },
  (table) => [
    primaryKey({ columns: [table.topicId, table.sequenceNumber] }),
    index('ledger_topic_messages_time_idx').on(table.topicId, table.consensusNs),
  ],
);

/** Airdrops waiting for their receiver (HIP-904): a fungible token's units, or one NFT (serial > 0). */
export const ledgerPendingAirdrops = pgTable(
  'ledger_pending_airdrops',
  {
    senderId: text('sender_id').notNull(),
    receiverId: text('receiver_id').notNull(),
    tokenId: text('token_id').notNull(),
    serialNumber: bigint('serial_number', { mode: 'number' }).notNull().default(0),
    amount: bigint('amount', { mode: 'bigint' }).notNull().default(0n),
    createdTimestamp: text('created_timestamp').notNull(),
    modifiedTimestamp: text('modified_timestamp').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.senderId, table.receiverId, table.tokenId, table.serialNumber] }),
    index('ledger_pending_airdrops_receiver_idx').on(table.receiverId),
  ],
);

/** Which accounts are associated with which tokens, and how many of each they hold. */
export const ledgerTokenRelationships = pgTable(
  'ledger_token_relationships',
  {
    accountId: text('account_id').notNull(),
    tokenId: text('token_id').notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(0n),
    automaticAssociation: boolean('automatic_association').notNull().default(false),
    /** Meaningful when the token has a freeze key, and a KYC key respectively. */
    frozen: boolean('frozen').notNull().default(false),
    kycGranted: boolean('kyc_granted').notNull().default(true),
    createdTimestamp: text('created_timestamp').notNull(),
  },
  (table) => [uniqueIndex('ledger_token_relationships_pk').on(table.accountId, table.tokenId)],
);

/** An airdrop left pending, as a record lists it: `serial` for an NFT, `amount` (digits) for units. */
export type PendingAirdrop = {
  sender: string;
  receiver: string;
  token: string;
  serial: number | null;
  amount: string;
};

export type PrngResult = { bytes: string } | { number: number };

/** Every transaction the local ledger reached consensus on, as the mirror node reports it. */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    consensusNs: bigint('consensus_ns', { mode: 'bigint' }).primaryKey(),
    consensusTimestamp: text('consensus_timestamp').notNull(),
    /** `0.0.1001-1700000000-123456789`, the mirror node's form. */
    transactionId: text('transaction_id').notNull(),
    payerAccount: text('payer_account').notNull(),
    validStartTimestamp: text('valid_start_timestamp').notNull(),
    name: text('name').notNull(),
    result: text('result').notNull(),
    memoBase64: text('memo_base64'),
    chargedTxFee: bigint('charged_tx_fee', { mode: 'number' }).notNull(),
    maxFee: text('max_fee').notNull(),
    node: text('node'),
    entityId: text('entity_id'),
    validDurationSeconds: text('valid_duration_seconds').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    transfers: jsonb('transfers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    nftTransfers: jsonb('nft_transfers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    tokenTransfers: jsonb('token_transfers')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A topic message's receipt: the topic's sequence number and running hash (base64) after it. */
    topicSequenceNumber: bigint('topic_sequence_number', { mode: 'number' }),
    topicRunningHash: text('topic_running_hash'),
    /** A mint's, burn's or wipe's receipt: the token's total supply after it. */
    newTotalSupply: bigint('new_total_supply', { mode: 'bigint' }),
    /** Executed by its schedule: its id is the schedule creation's, marked scheduled. */
    scheduled: boolean('scheduled').notNull().default(false),
    /** The custom fees a transfer paid. */
    assessedCustomFees: jsonb('assessed_custom_fees')
      .$type<AssessedFee[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** An airdrop's record: the airdrops it left pending. */
    newPendingAirdrops: jsonb('new_pending_airdrops')
      .$type<PendingAirdrop[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A PRNG transaction's result: `{ bytes: base64 }` (48 bytes) or `{ number }` below its range. */
    prng: jsonb('prng').$type<PrngResult>(),
    /** 0 for a transaction; 1 onwards for the child records it made (an account for an alias). */
    nonce: integer('nonce').notNull().default(0),
    /** A child record's: its parent transaction's consensus timestamp. */
    parentConsensusTimestamp: text('parent_consensus_timestamp'),
  },
  (table) => [
    // A scheduled transaction shares its schedule's creation id, a child record its parent's
    // (0014_aliases.sql).
    uniqueIndex('ledger_transactions_id_scheduled_nonce_unique').on(
      table.transactionId,
      table.scheduled,
      table.nonce,
    ),
    index('ledger_transactions_payer_idx').on(table.payerAccount),
  ],
);

/** NFTs on the embedded local ledger. */
export const ledgerNfts = pgTable(
  'ledger_nfts',
  {
    tokenId: text('token_id').notNull(),
    serialNumber: bigint('serial_number', { mode: 'number' }).notNull(),
    /** Null once burned: the mirror node then shows the NFT deleted, held by no account. */
    ownerAccount: text('owner_account'),
    metadata: text('metadata').notNull().default(''),
    /** An account its holder allowed to move this one NFT; cleared when it moves. */
    spender: text('spender'),
    createdTimestamp: text('created_timestamp'),
    modifiedTimestamp: text('modified_timestamp'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('ledger_nfts_pk').on(table.tokenId, table.serialNumber),
    index('ledger_nfts_owner_idx').on(table.ownerAccount),
  ],
);

/** The ledger's own settings: its genesis key (this is a development ledger). */
export const ledgerSettings = pgTable('ledger_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** HBAR an owner allows a spender to move from its account (what is left of it, and what was granted). */
export const ledgerHbarAllowances = pgTable(
  'ledger_hbar_allowances',
  {
    owner: text('owner').notNull(),
    spender: text('spender').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    amountGranted: bigint('amount_granted', { mode: 'bigint' }).notNull(),
    timestamp: text('timestamp').notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.spender] })],
);

/** A spender an owner allows to move all its NFTs of one token. */
export const ledgerNftAllowances = pgTable(
  'ledger_nft_allowances',
  {
    owner: text('owner').notNull(),
    spender: text('spender').notNull(),
    tokenId: text('token_id').notNull(),
    approvedForAll: boolean('approved_for_all').notNull(),
    timestamp: text('timestamp').notNull(),
  },
  (table) => [primaryKey({ columns: [table.owner, table.spender, table.tokenId] })],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Files of the file service, with their keys (a key list, as kept: every key signs a change). */
export const ledgerFiles = pgTable('ledger_files', {
  fileNum: bigint('file_num', { mode: 'number' }).primaryKey(),
  contents: bytea('contents').notNull(),
  /** The file's key list as kept (ProtobufEncoded), or none: an immutable file. */
  keys: text('keys'),
  keysType: text('keys_type'),
  memo: text('memo').notNull().default(''),
  expirationSeconds: bigint('expiration_seconds', { mode: 'number' }).notNull(),
  deleted: boolean('deleted').notNull().default(false),
  createdTimestamp: text('created_timestamp').notNull(),
  modifiedTimestamp: text('modified_timestamp').notNull(),
});

/** A signature a schedule collected: the key (raw hex), its type, the signature, when it came. */
export type ScheduleSignatory = {
  publicKey: string;
  type: string;
  /** Base64 of the signature, as the mirror node lists it. */
  signature: string;
  consensusTimestamp: string;
};

/** Scheduled transactions: a body waiting for the signatures it needs, then executed, or deleted. */
export const ledgerSchedules = pgTable('ledger_schedules', {
  scheduleId: text('schedule_id').primaryKey(),
  creatorAccount: text('creator_account').notNull(),
  payerAccount: text('payer_account').notNull(),
  adminKey: text('admin_key'),
  adminKeyType: text('admin_key_type'),
  memo: text('memo').notNull().default(''),
  /** HAPI's `SchedulableTransactionBody`, as the creation carried it. */
  body: bytea('body').notNull(),
  signatories: jsonb('signatories')
    .$type<ScheduleSignatory[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  scheduledTransactionId: text('scheduled_transaction_id').notNull(),
  createdTimestamp: text('created_timestamp').notNull(),
  expirationNs: bigint('expiration_ns', { mode: 'bigint' }).notNull(),
  waitForExpiry: boolean('wait_for_expiry').notNull().default(false),
  executedTimestamp: text('executed_timestamp'),
  deletedTimestamp: text('deleted_timestamp'),
});
