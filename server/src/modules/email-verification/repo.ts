import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerifications } from '../../db/schema';

/**
 * Records a new code unless the account or the address had `limit` codes since `since` (one request
 * per address at a time, so concurrent requests cannot all pass the count); false when over the limit.
 */
export async function recordCode(
  db: Db,
  code: { accountId: string; email: string; codeHash: string; expiresAt: Date; createdAt: Date },
  { since, limit }: { since: Date; limit: number },
): Promise<boolean> {
  const email = code.email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-verification:${email}`}))`);
    const [counts] = await tx
      .select({
        byAccount: sql<number>`count(*) filter (where ${emailVerifications.accountId} = ${code.accountId})::int`,
        byAddress: sql<number>`count(*) filter (where lower(${emailVerifications.email}) = ${email})::int`,
      })
      .from(emailVerifications)
      .where(gt(emailVerifications.createdAt, since));
    if ((counts?.byAccount ?? 0) >= limit || (counts?.byAddress ?? 0) >= limit) return false;
    await tx.insert(emailVerifications).values(code);
    return true;
  });
}

/** Uses up a live, unused code; answers whose address it verifies, or null. */
export async function useCode(db: Db, codeHash: string, at: Date) {
  const [row] = await db
    .update(emailVerifications)
    .set({ verifiedAt: at })
    .where(
      and(
        eq(emailVerifications.codeHash, codeHash),
        isNull(emailVerifications.verifiedAt),
        gt(emailVerifications.expiresAt, at),
      ),
    )
    .returning({ accountId: emailVerifications.accountId, email: emailVerifications.email });
  return row ?? null;
}
