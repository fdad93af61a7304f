import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { profilePictures, profiles } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;
type ProfileValues = Omit<typeof profiles.$inferInsert, 'accountId'>;

export async function findProfile(db: Db, accountId: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId));
  return row;
}

export async function saveProfile(db: Db, accountId: string, values: ProfileValues): Promise<ProfileRow> {
  const [row] = await db
    .insert(profiles)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: profiles.accountId, set: values })
    .returning();
  return row!;
}

/** Marks the address verified only while it is still the profile's: false when it changed. */
export async function markEmailVerified(db: Db, accountId: string, email: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ emailVerified: true })
    .where(and(eq(profiles.accountId, accountId), eq(profiles.email, email)))
    .returning({ email: profiles.email });
  return rows.length > 0;
}

/** Turns reminders on (only for a verified email) or off; answers the setting, or null when refused. */
export async function setExpiryReminders(
  db: Db,
  accountId: string,
  enabled: boolean,
): Promise<boolean | null> {
  const rows = await db
    .update(profiles)
    .set({ expiryReminders: enabled })
    .where(
      enabled
        ? and(eq(profiles.accountId, accountId), eq(profiles.emailVerified, true), ne(profiles.email, ''))
        : eq(profiles.accountId, accountId),
    )
    .returning({ expiryReminders: profiles.expiryReminders });
  return rows[0]?.expiryReminders ?? (enabled ? null : false);
}

/** Verified addresses of those among `accountIds` who turned expiry reminders on. */
export async function reminderAddresses(db: Db, accountIds: string[]) {
  return db
    .select({ accountId: profiles.accountId, email: profiles.email })
    .from(profiles)
    .where(
      and(
        inArray(profiles.accountId, accountIds),
        eq(profiles.expiryReminders, true),
        eq(profiles.emailVerified, true),
        ne(profiles.email, ''),
      ),
    );
}

export async function pictureUpdatedAt(db: Db, accountId: string): Promise<Date | null> {
  const [row] = await db
    .select({ updatedAt: profilePictures.updatedAt })
    .from(profilePictures)
    .where(eq(profilePictures.accountId, accountId));
  return row?.updatedAt ?? null;
}

export async function savePicture(
  db: Db,
  picture: { accountId: string; contentType: string; image: Buffer; updatedAt: Date },
) {
  const { accountId: _accountId, ...change } = picture;
  await db
    .insert(profilePictures)
    .values(picture)
    .onConflictDoUpdate({ target: profilePictures.accountId, set: change });
}

export async function findPicture(db: Db, accountId: string) {
  const [row] = await db.select().from(profilePictures).where(eq(profilePictures.accountId, accountId));
  return row ?? null;
}
