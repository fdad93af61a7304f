import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tlds } from '../../db/schema';

export async function listActiveTldNames(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: tlds.name })
    .from(tlds)
    .where(eq(tlds.active, true))
    .orderBy(asc(tlds.sortOrder), asc(tlds.name));
  return rows.map((row) => row.name);
}
