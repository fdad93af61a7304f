import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { authChallenges, sessions } from '../../db/schema';

export async function insertChallenge(
  db: Db,
  challenge: { nonce: string; accountId: string; expiresAt: Date },
) {
  await db.insert(authChallenges).values(challenge);
}

/** The challenge with this nonce, issued to this account, not used and not expired. */
const liveChallenge = (nonce: string, accountId: string, now: Date) =>
  and(
    eq(authChallenges.nonce, nonce),
    eq(authChallenges.accountId, accountId),
    isNull(authChallenges.usedAt),
    gt(authChallenges.expiresAt, now),
  );

export async function findLiveChallenge(db: Db, nonce: string, accountId: string, now: Date) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(liveChallenge(nonce, accountId, now));
  return row ?? null;
}

/** Marks a live challenge used, once: a second caller gets null. */
export async function consumeChallenge(db: Db, nonce: string, accountId: string, now: Date) {
  const [row] = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(liveChallenge(nonce, accountId, now))
    .returning();
  return row ?? null;
}

export async function deleteExpiredChallenges(db: Db, now: Date) {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
}

export async function insertSession(db: Db, session: { idHash: string; accountId: string; expiresAt: Date }) {
  await db.insert(sessions).values(session);
}

/** The session if it has not expired and was seen after `seenAfter` (not idle). */
export async function findLiveSession(db: Db, idHash: string, now: Date, seenAfter: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, seenAfter)));
  return row ?? null;
}

export async function touchSession(db: Db, idHash: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, idHash));
}

/** Ends every session of the account; answers how many there were. */
export async function deleteAccountSessions(db: Db, accountId: string): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.accountId, accountId))
    .returning({ idHash: sessions.idHash });
  return deleted.length;
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}
