import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { journalEntries, journalTopic } from '../../db/schema';

export type JournalEntry = typeof journalEntries.$inferSelect;
type Submission = { bytes: string; transactionId: string };

export async function insertEntries(
  executor: Executor,
  entries: Array<{ id: string; name: string; event: string; message: string }>,
) {
  if (entries.length === 0) return;
  await executor.insert(journalEntries).values(entries);
}

/** The oldest entries not yet on the topic, in the order they were written. */
export async function unsentEntries(db: Db, limit: number): Promise<JournalEntry[]> {
  return db
    .select()
    .from(journalEntries)
    .where(isNull(journalEntries.sequenceNumber))
    .orderBy(asc(journalEntries.position))
    .limit(limit);
}

/**
 * Keeps an entry's prepared transaction unless one stands already (another server prepared it first):
 * answers the one that stands, which is the only one ever sent.
 */
export async function keepSubmission(
  db: Db,
  position: number,
  submission: Submission,
): Promise<Submission | null> {
  const [kept] = await db
    .update(journalEntries)
    .set({ submission })
    .where(and(eq(journalEntries.position, position), isNull(journalEntries.submission)))
    .returning({ submission: journalEntries.submission });
  if (kept) return kept.submission;
  const [row] = await db
    .select({ submission: journalEntries.submission, sequenceNumber: journalEntries.sequenceNumber })
    .from(journalEntries)
    .where(eq(journalEntries.position, position));
  return row?.sequenceNumber === null ? (row.submission ?? null) : null;
}

/** Forgets a prepared transaction the network refused for good (expired): a new one is prepared. */
export async function dropSubmission(db: Db, position: number, transactionId: string) {
  await db
    .update(journalEntries)
    .set({ submission: null })
    .where(
      and(
        eq(journalEntries.position, position),
        sql`${journalEntries.submission}->>'transactionId' = ${transactionId}`,
        isNull(journalEntries.sequenceNumber),
      ),
    );
}

export async function markSent(
  db: Db,
  position: number,
  sequenceNumber: number,
  consensusTimestamp: string | null,
) {
  await db
    .update(journalEntries)
    .set({ sequenceNumber, consensusTimestamp })
    .where(eq(journalEntries.position, position));
}

/** Entries not yet on the topic, and the last sequence number sent: both read from indexes. */
export async function counts(db: Db) {
  const [unsent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(isNull(journalEntries.sequenceNumber));
  const [last] = await db
    .select({ sequenceNumber: journalEntries.sequenceNumber })
    .from(journalEntries)
    .where(isNotNull(journalEntries.sequenceNumber))
    .orderBy(desc(journalEntries.sequenceNumber))
    .limit(1);
  return { unsent: unsent?.count ?? 0, lastSequenceNumber: last?.sequenceNumber ?? null };
}

export async function entriesOf(db: Db, name: string): Promise<JournalEntry[]> {
  return db
    .select()
    .from(journalEntries)
    .where(eq(journalEntries.name, name))
    .orderBy(asc(journalEntries.position));
}

export async function topicRow(db: Db) {
  const [row] = await db.select().from(journalTopic).where(eq(journalTopic.key, 'journal'));
  return row ?? null;
}

/** Keeps the topic's creation unless one stands; answers the standing one (null once the topic is recorded). */
export async function keepTopicCreation(db: Db, creation: Submission): Promise<Submission | null> {
  await db.insert(journalTopic).values({ key: 'journal' }).onConflictDoNothing();
  const [kept] = await db
    .update(journalTopic)
    .set({ creation, updatedAt: new Date() })
    .where(and(eq(journalTopic.key, 'journal'), isNull(journalTopic.creation), isNull(journalTopic.topicId)))
    .returning({ creation: journalTopic.creation });
  if (kept) return kept.creation;
  const row = await topicRow(db);
  return row?.topicId ? null : (row?.creation ?? null);
}

export async function dropTopicCreation(db: Db, transactionId: string) {
  await db
    .update(journalTopic)
    .set({ creation: null })
    .where(
      and(
        eq(journalTopic.key, 'journal'),
        sql`${journalTopic.creation}->>'transactionId' = ${transactionId}`,
      ),
    );
}

/** Records the topic once: the first recorded stands. */
export async function recordTopic(db: Db, topicId: string): Promise<string> {
  await db.insert(journalTopic).values({ key: 'journal' }).onConflictDoNothing();
  await db
    .update(journalTopic)
    .set({ topicId, creation: null, updatedAt: new Date() })
    .where(and(eq(journalTopic.key, 'journal'), isNull(journalTopic.topicId)));
  return (await topicRow(db))!.topicId!;
}

/** Which of these message ids the database knows, with their sequence number (null: not sent yet). */
export async function knownEntries(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, number | null>();
  const rows = await db
    .select({ id: journalEntries.id, sequenceNumber: journalEntries.sequenceNumber })
    .from(journalEntries)
    .where(inArray(journalEntries.id, ids));
  return new Map(rows.map((row) => [row.id, row.sequenceNumber]));
}

/**
 * A message read on the topic, kept as sent. Answers true when this call recorded it (the change is
 * then put back in the same transaction), false when the database held it already (another server
 * catching up at the same time, or an entry sent before its number was kept: its number is set).
 */
export async function recordSent(
  executor: Executor,
  entry: {
    id: string;
    name: string;
    event: string;
    message: string;
    sequenceNumber: number;
    consensusTimestamp: string;
  },
): Promise<boolean> {
  const inserted = await executor
    .insert(journalEntries)
    .values(entry)
    .onConflictDoNothing({ target: journalEntries.id })
    .returning({ id: journalEntries.id });
  if (inserted.length > 0) return true;
  await executor
    .update(journalEntries)
    .set({ sequenceNumber: entry.sequenceNumber, consensusTimestamp: entry.consensusTimestamp })
    .where(and(eq(journalEntries.id, entry.id), isNull(journalEntries.sequenceNumber)));
  return false;
}

/** Whether the journal has no entry at all (a registry older than its journal, or a new one). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ position: journalEntries.position }).from(journalEntries).limit(1);
  return !row;
}
