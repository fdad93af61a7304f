import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';

/** A setting's stored value, or undefined when it was never set. */
export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores the value unless the key has one already (the first server to get there wins). */
export async function insertSettingOnce(db: Db, key: string, value: unknown) {
  await db.insert(settings).values({ key, value }).onConflictDoNothing({ target: settings.key });
}
