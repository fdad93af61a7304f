import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { domains, orderLines, orders, otherProviderDomains, reservedNames, tlds } from '../../db/schema';

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

/** Names registered, or held by a live quote of someone's order (other than `exceptAccount`'s own quotes). */
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
    .select({ name: orderLines.itemName })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.itemName, names),
        exceptAccount
          ? sql`(${orders.status} in ('paid', 'completed') or (${orders.status} = 'quoted' and ${orders.expiresAt} > ${now} and ${orders.accountId} <> ${exceptAccount}))`
          : sql`(${orders.status} in ('paid', 'completed') or (${orders.status} = 'quoted' and ${orders.expiresAt} > ${now}))`,
        inArray(orders.kind, ['domains', 'claim', 'subdomain']),
      ),
    );
  return new Set([...registered, ...held].map((row) => row.name));
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
