import { TopicCreateTransaction, TopicMessageSubmitTransaction } from '@hashgraph/sdk';
import { JOURNAL_TOPIC_MEMO } from '@registry/contracts/journal';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { Db } from '../../db/database';
import type { FeedLeases } from '../../jobs/feed-leases';
import { RetryLater } from '../../jobs/job-queue';
import { createRoundGuard, roundTimer } from '../../jobs/timer-rounds';
import type { MirrorReader } from '../../ledger/mirror-reader';
import type { StoredTransaction, SubmitOnce } from '../delivery/submit-once';
import * as repo from './repo';
import type { JournalService } from './service';

/** The lease that makes one server at a time the journal's publisher (entries go out in order). */
export const JOURNAL_FEED = 'journal';
/** Entries sent per round at most, so the lease is renewed often. */
const ENTRIES_PER_ROUND = 50;

type Deps = {
  db: Db;
  writer: LedgerWriter;
  mirror: Pick<MirrorReader, 'topicMessageAt'>;
  submitOnce: SubmitOnce;
  leases: FeedLeases;
  journal: JournalService;
  log?: (message: string) => void;
  /** Counts messages sent, for the metrics endpoint. */
  observe?: (sent: number) => void;
  clock?: () => number;
};

/** How soon after an entry is appended a round starts (the entries of that moment go together). */
const SOON_MS = 100;

/**
 * What an entry's order matters for: its name, and for a primary name its account too (an account's
 * later choice must land after its earlier one).
 */
function orderKeysOf(entry: repo.JournalEntry): string[] {
  if (entry.event !== 'primary' && entry.event !== 'primary-cleared') return [entry.name];
  const account = (JSON.parse(entry.message) as { d: { account: string } }).d.account;
  return [entry.name, `account ${account}`];
}

/**
 * The first entries, in order, that may go to the network side by side: up to the first that shares an
 * order key with one before it (it waits for the next wave, and so does everything after it). The topic
 * then orders each name's changes as they were written; changes to different names may interleave.
 */
function firstWave(entries: repo.JournalEntry[]): repo.JournalEntry[] {
  const taken = new Set<string>();
  const wave: repo.JournalEntry[] = [];
  for (const entry of entries) {
    const keys = orderKeysOf(entry);
    if (keys.some((key) => taken.has(key))) break;
    for (const key of keys) taken.add(key);
    wave.push(entry);
  }
  return wave;
}

/** Another server sent the entry (or recorded the topic) while this one was preparing it. */
class DoneElsewhere extends Error {}

/**
 * Sends the journal's entries to its topic, each exactly once, each name's in the order they were
 * written (waves of entries about different names go side by side): the
 * topic is created once across servers (its creation kept in the database before it is submitted), each
 * entry's transaction is kept on its row before it is submitted (a retry, a new leader or a restart sends
 * those same bytes, which the network takes once), and its sequence number is recorded when it is on the
 * topic.
 */
export class JournalPublisher {
  private readonly timer = roundTimer(() => this.tick());
  private running: Promise<void> | null = null;
  private again = false;
  private readonly guard: ReturnType<typeof createRoundGuard>;
  private topic: string | null = null;

  constructor(private readonly deps: Deps) {
    this.guard = createRoundGuard(
      'journal',
      deps.log ?? (() => undefined),
      deps.clock ?? Date.now,
      (error) =>
        error instanceof LedgerUnavailableError
          ? 'the ledger is down'
          : error instanceof Error
            ? error.message
            : String(error),
    );
    deps.journal.onAppend(() => this.soon());
  }

  private started = false;

  start(intervalMs = 2000) {
    this.started = true;
    this.timer.start(intervalMs);
  }

  async stop() {
    this.started = false;
    this.timer.stop();
    await this.running?.catch(() => undefined);
    await this.deps.leases.release().catch(() => undefined);
  }

  private pending: NodeJS.Timeout | null = null;

  /**
   * A round shortly, once started (an entry was just appended; its transaction commits first). Entries
   * appended meanwhile wait for the same round: under load, rounds send many at once.
   */
  private soon() {
    if (!this.started || this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = null;
      void this.tick();
    }, SOON_MS);
    this.pending.unref();
  }

  /** One round; a round asked for while one runs follows it. */
  tick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.guard(async () => {
      await this.publish();
    }).finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.tick();
      }
    });
    return this.running;
  }

  /** Sends what is waiting, while this server leads the journal; answers how many it sent. */
  async publish(): Promise<number> {
    const { leases, db } = this.deps;
    if ((await leases.lead(JOURNAL_FEED)) === null) return 0;
    const entries = await repo.unsentEntries(db, ENTRIES_PER_ROUND);
    if (entries.length === 0) return 0;
    const topicId = await this.topicId();
    let sent = 0;
    let rest = entries;
    while (rest.length > 0) {
      const wave = firstWave(rest);
      rest = rest.slice(wave.length);
      const outcomes = await Promise.allSettled(wave.map((entry) => this.send(topicId, entry)));
      const failed = outcomes
        .map((outcome) => (outcome.status === 'rejected' ? (outcome.reason as unknown) : null))
        .filter((reason) => reason !== null && !(reason instanceof DoneElsewhere));
      sent += outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
      const unexpected = failed.find((reason) => !(reason instanceof RetryLater));
      if (unexpected) throw unexpected;
      // A later entry may share a name with the one that waits: none overtakes it.
      if (failed.length > 0) break;
    }
    if (sent > 0) this.deps.observe?.(sent);
    if (entries.length === ENTRIES_PER_ROUND && sent === entries.length) this.soon();
    return sent;
  }

  private async send(topicId: string, entry: repo.JournalEntry) {
    const { db, submitOnce, mirror } = this.deps;
    let standing: StoredTransaction | null = entry.submission ?? null;
    const made = await submitOnce(
      standing ?? undefined,
      () => new TopicMessageSubmitTransaction().setTopicId(topicId).setMessage(entry.message),
      async (next) => {
        if (next) {
          standing = await repo.keepSubmission(db, entry.position, next);
          if (!standing) throw new DoneElsewhere();
        } else if (standing) {
          await repo.dropSubmission(db, entry.position, standing.transactionId);
          standing = null;
        }
        return standing;
      },
    );
    let sequenceNumber = made.topicSequenceNumber ?? null;
    if (sequenceNumber === null && made.consensusTimestamp) {
      const message = await mirror.topicMessageAt(topicId, made.consensusTimestamp);
      sequenceNumber = message?.sequence_number ?? null;
    }
    if (sequenceNumber === null)
      throw new RetryLater('waiting for the mirror node to show the message', 1000);
    await repo.markSent(db, entry.position, sequenceNumber, made.consensusTimestamp ?? null);
  }

  /** The journal's topic, created on first need, once across servers. */
  async topicId(): Promise<string> {
    if (this.topic) return this.topic;
    const { db, writer, submitOnce } = this.deps;
    const row = await repo.topicRow(db);
    if (row?.topicId) return (this.topic = row.topicId);
    let standing: StoredTransaction | null = row?.creation ?? null;
    const made = await submitOnce(
      standing ?? undefined,
      () =>
        new TopicCreateTransaction()
          .setTopicMemo(JOURNAL_TOPIC_MEMO)
          .setAdminKey(writer.operatorPublicKey)
          // Only the registry writes its journal: nobody else can put a message on it.
          .setSubmitKey(writer.operatorPublicKey)
          .setAutoRenewAccountId(writer.operatorId),
      async (next) => {
        if (next) {
          standing = await repo.keepTopicCreation(db, next);
          if (!standing) throw new DoneElsewhere();
        } else if (standing) {
          await repo.dropTopicCreation(db, standing.transactionId);
          standing = null;
        }
        return standing;
      },
    ).catch(async (error: unknown): Promise<{ entityId: string | null }> => {
      if (error instanceof DoneElsewhere) return { entityId: (await repo.topicRow(db))?.topicId ?? null };
      throw error;
    });
    if (!made.entityId) throw new RetryLater('the journal topic is not recorded yet', 1000);
    return (this.topic = await repo.recordTopic(db, made.entityId));
  }
}
