import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database';
import { domains, nameHolds, otherProviderDomains, reservedNames, tlds } from '../../db/schema';

export async function isActiveTld(db: Db, tld: string): Promise<boolean> {
  const [row] = await db
    .select({ name: tlds.name })
    .from(tlds)
    .where(and(eq(tlds.name, tld), eq(tlds.active, true)));
  return Boolean(row);
}

export async function listActiveTlds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ name: tlds.name })
    .from(tlds)
    .where(eq(tlds.active, true))
    .orderBy(tlds.sortOrder);
  return rows.map((row) => row.name);
}

export async function reservedLabels(db: Db, labels: string[]): Promise<Set<string>> {
  if (labels.length === 0) return new Set();
  const rows = await db
    .select({ label: reservedNames.label })
    .from(reservedNames)
    .where(inArray(reservedNames.label, labels));
  return new Set(rows.map((row) => row.label));
}

/** Names registered, or held by someone's live quote (other than `exceptAccount`'s own quotes). */
export async function takenNames(
  db: Db,
  names: string[],
  now: Date,
  exceptAccount?: string,
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const registered = await db
    .select({ name: domains.name })
    .from(domains)
    .where(inArray(domains.name, names));
  const held = await db
    .select({ name: nameHolds.name })
    .from(nameHolds)
    .where(
      and(
        inArray(nameHolds.name, names),
        gt(nameHolds.expiresAt, now),
        exceptAccount ? ne(nameHolds.accountId, exceptAccount) : undefined,
      ),
    );
  return new Set([...registered, ...held].map((row) => row.name));
}

export type NewDomain = typeof domains.$inferInsert;

export async function registeredNames(executor: Executor, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await executor
    .select({ name: domains.name })
    .from(domains)
    .where(inArray(domains.name, names));
  return new Set(rows.map((row) => row.name));
}

/** Registers a paid name; null when the name is registered already (someone else got it first). */
export async function insertDomain(executor: Executor, domain: NewDomain): Promise<number | null> {
  const [row] = await executor
    .insert(domains)
    .values(domain)
    .onConflictDoNothing()
    .returning({ id: domains.id });
  return row?.id ?? null;
}

export async function updateDomain(
  executor: Executor,
  name: string,
  change: Partial<
    Pick<NewDomain, 'expiresAt' | 'months' | 'webProtection' | 'subscribed' | 'subscriptionExpiresAt'>
  >,
) {
  return executor.update(domains).set(change).where(eq(domains.name, name)).returning({ id: domains.id });
}

/** Adds calendar months to a domain's term, as purchases count them. */
export async function extendDomain(executor: Executor, name: string, months: number) {
  await executor
    .update(domains)
    .set({
      expiresAt: sql`${domains.expiresAt} + make_interval(months => ${months})`,
      months: sql`${domains.months} + ${months}`,
    })
    .where(eq(domains.name, name));
}

export async function setOtherProviderStatus(executor: Executor, name: string, status: number) {
  await executor
    .update(otherProviderDomains)
    .set({ status })
    .where(eq(otherProviderDomains.domainName, name));
}

export async function domainsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(domains).where(inArray(domains.id, ids));
}

export async function findDomainById(db: Db, id: number) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row ?? null;
}

export async function markDomain(
  db: Db,
  id: number,
  change: Partial<Pick<NewDomain, 'tokenId' | 'serialNo' | 'status'>>,
) {
  await db.update(domains).set(change).where(eq(domains.id, id));
}

export async function domainsOfOrder(db: Db, orderId: string) {
  return db.select().from(domains).where(eq(domains.orderId, orderId));
}

/** Paid domains of an account that wait for delivery. */
export async function undeliveredIdsOf(db: Db, owner: string): Promise<number[]> {
  const rows = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.ownerAccount, owner), ne(domains.status, 22)));
  return rows.map((row) => row.id);
}

export async function domainsOfOwner(db: Db, owner: string, delivered: boolean) {
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.ownerAccount, owner), delivered ? eq(domains.status, 22) : ne(domains.status, 22)))
    .orderBy(domains.purchasedAt, domains.name);
}

export async function subdomainCounts(db: Db, parents: string[]): Promise<Map<string, number>> {
  if (parents.length === 0) return new Map();
  const rows = await db
    .select({ parent: domains.parentName, count: count() })
    .from(domains)
    .where(inArray(domains.parentName, parents))
    .groupBy(domains.parentName);
  return new Map(rows.map((row) => [row.parent ?? '', Number(row.count)]));
}

export async function subdomainsOf(db: Db, owner: string, parent: string) {
  return db
    .select()
    .from(domains)
    .where(and(eq(domains.ownerAccount, owner), eq(domains.parentName, parent)))
    .orderBy(domains.name);
}

export async function findDomain(db: Db, name: string) {
  const [row] = await db.select().from(domains).where(eq(domains.name, name));
  return row ?? null;
}

export async function otherProviderDomainsFor(db: Db, tokenId: string, serials: number[]) {
  if (serials.length === 0) return [];
  return db
    .select()
    .from(otherProviderDomains)
    .where(
      and(
        eq(otherProviderDomains.tokenId, tokenId),
        inArray(otherProviderDomains.serialNumber, serials),
        inArray(otherProviderDomains.status, [1, 2]),
      ),
    )
    .orderBy(otherProviderDomains.domainName);
}
