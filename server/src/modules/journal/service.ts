import { createHash, randomUUID } from 'node:crypto';
import {
  journalMessage,
  MAX_JOURNAL_MESSAGE_BYTES,
  MAX_JOURNALED_RECORD_CHARS,
  type JournalEvent,
} from '@registry/contracts/journal';
import type { RecordField } from '@registry/contracts/records';
import type { Db, Executor } from '../../db/database';
import * as repo from './repo';

/** A change a paid order made: the order and the payment that paid it. */
export type JournalCause = { order: string; payment: string };

/**
 * The journal's outbox. Each module that changes a name's public state appends the change here inside
 * its own transaction, so a change is journaled if and only if it was committed; the publisher sends it
 * to the topic afterwards.
 */
export function createJournalService(db: Db, { now = () => new Date() }: { now?: () => Date } = {}) {
  const listeners = new Set<() => void>();

  function entry(name: string, event: JournalEvent) {
    const id = randomUUID();
    const message = JSON.stringify(journalMessage(name, id, now(), event));
    if (Buffer.byteLength(message) > MAX_JOURNAL_MESSAGE_BYTES)
      throw new Error(`journal message for ${name} (${event.e}) exceeds ${MAX_JOURNAL_MESSAGE_BYTES} bytes`);
    return { id, name, event: event.e, message };
  }

  return {
    /** Appends changes inside the caller's transaction. */
    async append(tx: Executor, changes: Array<{ name: string; event: JournalEvent }>) {
      await repo.insertEntries(
        tx,
        changes.map((change) => entry(change.name, change.event)),
      );
      // The publisher looks soon after (the caller's transaction commits first, or it finds nothing yet).
      for (const listener of listeners) listener();
    },

    /** A record's change as journaled: its value, or its hash when the value is too long for one message. */
    recordEvent(field: RecordField, value: string): JournalEvent {
      return value.length > MAX_JOURNALED_RECORD_CHARS
        ? { e: 'record', d: { field, sha256: createHash('sha256').update(value).digest('hex') } }
        : { e: 'record', d: { field, value } };
    },

    onAppend(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The journal's topic, once created. */
    async topicId(): Promise<string | null> {
      return (await repo.topicRow(db))?.topicId ?? null;
    },

    /** Adopts a topic the registry wrote before (a rebuild on an empty database); the recorded one stands. */
    adoptTopic: (topicId: string) => repo.recordTopic(db, topicId),

    knownEntries: (tx: Executor, ids: string[]) => repo.knownEntries(tx, ids),
    recordSent: (tx: Executor, entry: Parameters<typeof repo.recordSent>[1]) => repo.recordSent(tx, entry),

    status: () => repo.counts(db),
    isEmpty: () => repo.isEmpty(db),
    entriesOf: (name: string) => repo.entriesOf(db, name),
  };
}
export type JournalService = ReturnType<typeof createJournalService>;
