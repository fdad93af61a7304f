import * as z from 'zod/mini';
import { RECORD_FIELDS, type RecordField } from './records';

/**
 * The registry's public journal: one message on its Hedera Consensus Service topic for every change to
 * a name's public state. It follows Hashgraph Online's HCS-2 (topic registries) where that fits: the
 * topic memo `hcs-2:0:<ttl>` (indexed: every message counts, read from the first), the envelope's `p`
 * and `op` (`register`, `update`, `delete`). It departs where HCS-2 entries point at topics: an entry
 * here is a name, so `uid` is the name itself (HCS-2 allows a unique identifier there) and there is no
 * `t_id`; what changed is in `e` (the event) and `d` (its data), versioned by `v`.
 */
export const JOURNAL_PROTOCOL = 'hcs-2';
export const JOURNAL_VERSION = 1;
/** Indexed registry (all messages are read); caches may keep what they read for a day. */
export const JOURNAL_TOPIC_MEMO = 'hcs-2:0:86400';
/** One message fits one consensus transaction (the network's chunk size): never split. */
export const MAX_JOURNAL_MESSAGE_BYTES = 1024;
/** A record value longer than this is journaled by its SHA-256 hash, so its message stays one chunk. */
export const MAX_JOURNALED_RECORD_CHARS = 700;

const Iso = z.string().check(z.regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/));
const Cause = { order: z.string(), payment: z.string() };
const RecordFieldSchema = z.enum(RECORD_FIELDS);
const FlagSchema = z.enum(['statusSiteAddress', 'statusAssets']);

/** Each event, its HCS-2 operation and its data. */
const events = {
  /** Paid and registered to the buyer (a subdomain names its parent). */
  registered: z.object({
    holder: z.string(),
    expires: Iso,
    months: z.int(),
    webProtection: z.boolean(),
    parent: z.nullable(z.string()),
    /** HBAR paid for the name's line. */
    price: z.number(),
    ...Cause,
  }),
  /** Its NFT minted (or found live on the ledger) for it. */
  minted: z.object({ token: z.string(), serial: z.int() }),
  /** Its term made longer by a paid extension or renewal. */
  extended: z.object({ expires: Iso, months: z.int(), ...Cause }),
  /** Its expiry set by the operator (the local ledger's time travel). */
  expiry: z.object({ expires: Iso }),
  'web-protection': z.object({ ...Cause }),
  subscribed: z.object({ until: Iso, ...Cause }),
  /** One record saved (its status flag drops to 0 until the change fee is paid). */
  record: z.union([
    z.object({ field: RecordFieldSchema, value: z.string() }),
    z.object({ field: RecordFieldSchema, sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  ]),
  /** A record change's fee paid (used up when the change is made active). */
  'record-fee': z.object({ ...Cause }),
  /** The site address or the other records made active by a paid change fee. */
  'record-active': z.object({ flag: FlagSchema }),
  /** The account made the name its primary name. */
  primary: z.object({ account: z.string() }),
  /** The account's primary name unset (by the account, or void since the name moved). */
  'primary-cleared': z.object({ account: z.string() }),
  /** Released and its NFT wiped or burned. */
  burned: z.object({ token: z.string(), serial: z.int() }),
} as const;

export type JournalEventKind = keyof typeof events;
export type JournalEventData<K extends JournalEventKind> = z.infer<(typeof events)[K]>;
export type JournalEvent = { [K in JournalEventKind]: { e: K; d: JournalEventData<K> } }[JournalEventKind];

const OPERATION_OF: Record<JournalEventKind, 'register' | 'update' | 'delete'> = {
  registered: 'register',
  minted: 'update',
  extended: 'update',
  expiry: 'update',
  'web-protection': 'update',
  subscribed: 'update',
  record: 'update',
  'record-fee': 'update',
  'record-active': 'update',
  primary: 'update',
  'primary-cleared': 'update',
  burned: 'delete',
};

const EnvelopeSchema = z.object({
  p: z.literal(JOURNAL_PROTOCOL),
  op: z.enum(['register', 'update', 'delete']),
  /** The name the message is about. */
  uid: z.string().check(z.minLength(1), z.maxLength(253)),
  v: z.literal(JOURNAL_VERSION),
  /** The entry's own id: the same change read twice (a message sent again) counts once. */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** When the registry made the change. */
  t: Iso,
  e: z.enum(Object.keys(events) as [JournalEventKind, ...JournalEventKind[]]),
  d: z.unknown(),
});

export type JournalMessage = {
  p: typeof JOURNAL_PROTOCOL;
  op: 'register' | 'update' | 'delete';
  uid: string;
  v: typeof JOURNAL_VERSION;
  id: string;
  t: string;
} & JournalEvent;

/** The message for one change of `name`. */
export function journalMessage(name: string, id: string, at: Date, event: JournalEvent): JournalMessage {
  return {
    p: JOURNAL_PROTOCOL,
    op: OPERATION_OF[event.e],
    uid: name,
    v: JOURNAL_VERSION,
    id,
    t: at.toISOString(),
    ...event,
  } as JournalMessage;
}

/** A journal message read from the topic, or null when it is not one (anything else anyone wrote). */
export function parseJournalMessage(text: string): JournalMessage | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const envelope = EnvelopeSchema.safeParse(json);
  if (!envelope.success) return null;
  const data = events[envelope.data.e].safeParse(envelope.data.d);
  if (!data.success || OPERATION_OF[envelope.data.e] !== envelope.data.op) return null;
  return { ...envelope.data, d: data.data } as JournalMessage;
}

/** A name's public state as the journal tells it. */
export type JournaledName = {
  name: string;
  holder: string;
  expires: string;
  months: number;
  price: number;
  parent: string | null;
  order: string;
  payment: string;
  token: string | null;
  serial: number | null;
  webProtection: boolean;
  subscribedUntil: string | null;
  records: Partial<Record<RecordField, { value: string } | { sha256: string }>>;
  statusSiteAddress: number;
  statusAssets: number;
  burned: boolean;
  /** Sequence number of the message that registered it. */
  registeredAt: number;
};

export type JournalState = {
  names: Map<string, JournaledName>;
  /** Each account's primary name as last set (null once cleared). */
  primaryNames: Map<string, string | null>;
  /** Entry ids read (a message sent twice counts once). */
  seen: Set<string>;
  /** Payment transaction ids the journal shows as delivered into a change. */
  payments: Set<string>;
  /** Messages that changed a name the journal never registered. */
  orphans: Array<{ sequenceNumber: number; name: string; e: JournalEventKind }>;
  lastSequenceNumber: number;
};

export const emptyJournalState = (): JournalState => ({
  names: new Map(),
  primaryNames: new Map(),
  seen: new Set(),
  payments: new Set(),
  orphans: [],
  lastSequenceNumber: 0,
});

/**
 * Applies one message, in sequence order, as the registry applied the change: what the rebuild puts
 * back and what the audit expects the registry to answer.
 */
export function applyJournalMessage(
  state: JournalState,
  message: JournalMessage,
  sequenceNumber: number,
): void {
  state.lastSequenceNumber = Math.max(state.lastSequenceNumber, sequenceNumber);
  if (state.seen.has(message.id)) return;
  state.seen.add(message.id);
  const name = message.uid;
  if (message.e === 'registered') {
    state.payments.add(message.d.payment);
    state.names.set(name, {
      name,
      holder: message.d.holder,
      expires: message.d.expires,
      months: message.d.months,
      price: message.d.price,
      parent: message.d.parent,
      order: message.d.order,
      payment: message.d.payment,
      token: null,
      serial: null,
      webProtection: message.d.webProtection,
      subscribedUntil: null,
      records: {},
      statusSiteAddress: 0,
      statusAssets: 0,
      burned: false,
      registeredAt: sequenceNumber,
    });
    return;
  }
  if (message.e === 'primary' || message.e === 'primary-cleared') {
    state.primaryNames.set(message.d.account, message.e === 'primary' ? name : null);
    return;
  }
  const entry = state.names.get(name);
  if (!entry) {
    state.orphans.push({ sequenceNumber, name, e: message.e });
    return;
  }
  switch (message.e) {
    case 'minted':
      entry.token = message.d.token;
      entry.serial = message.d.serial;
      break;
    case 'extended':
      state.payments.add(message.d.payment);
      // Two extensions committed side by side may reach the topic in either order: a term only grows.
      if (message.d.expires > entry.expires) entry.expires = message.d.expires;
      entry.months += message.d.months;
      break;
    case 'expiry':
      entry.expires = message.d.expires;
      break;
    case 'web-protection':
      state.payments.add(message.d.payment);
      entry.webProtection = true;
      break;
    case 'subscribed':
      state.payments.add(message.d.payment);
      entry.subscribedUntil = message.d.until;
      break;
    case 'record': {
      const { field } = message.d;
      entry.records[field] = 'value' in message.d ? { value: message.d.value } : { sha256: message.d.sha256 };
      if (field === 'siteAddress') entry.statusSiteAddress = 0;
      else entry.statusAssets = 0;
      break;
    }
    case 'record-fee':
      state.payments.add(message.d.payment);
      break;
    case 'record-active':
      entry[message.d.flag] = 1;
      break;
    case 'burned':
      if (entry.token === message.d.token && entry.serial === message.d.serial) entry.burned = true;
      break;
  }
}

/** `GET /api/journal`: where anyone reads the registry's memory on the ledger. */
export const JournalInfoSchema = z.object({
  /** The journal's topic (null until its first message). */
  topicId: z.nullable(z.string()),
  /** The registry's NFT collections, one per top-level domain. */
  collections: z.array(z.string()),
  /** The highest sequence number the registry has recorded as sent. */
  lastSequenceNumber: z.nullable(z.int()),
  /** Changes committed and not yet on the topic. */
  unsent: z.int(),
});
export type JournalInfo = z.infer<typeof JournalInfoSchema>;
