import { and, asc, count, eq, gt, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { BURNED_STATUS, DELIVERED_STATUS, PAID_STATUS } from '@registry/contracts/orders';
import type { Db, Executor } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { domainRecords, domains, nameHolds, otherProviderDomains, reservedNames } from '../../db/schema';
import { OTHER_DOMAIN_STATUS, type OtherDomainStatus } from '@registry/contracts/my-domains';
import type { DomainStatus } from '@registry/contracts/status-codes';

/** Every label kept back from sale (a short list kept by the operators). */
export async function allReservedLabels(db: Db): Promise<Set<string>> {
  const rows = await db.select({ label: reservedNames.label }).from(reservedNames);
  return new Set(rows.map((row) => row.label));
}

/**
 * Every search's one query: each of `names` that has a domain row (with its expiry: registered, or
 * released with a premium) or is held by a live quote of someone other than `exceptAccount`. The
 * `nameMatch` condition picks the names (one name, or a list).
 */
function nameRowsQuery(db: Db, nameMatch: (column: AnyPgColumn) => SQL) {
  return unionAll(
    db
      .select({ name: domains.name, expiresAt: domains.expiresAt, held: sql<boolean>`false`.as('held') })
      .from(domains)
      .where(nameMatch(domains.name)),
    db
      .select({ name: nameHolds.name, expiresAt: nameHolds.expiresAt, held: sql<boolean>`true`.as('held') })
      .from(nameHolds)
      .where(
        and(
          nameMatch(nameHolds.name),
          sql`${nameHolds.expiresAt} > ${sql.placeholder('now')}::timestamptz`,
          sql`${nameHolds.accountId} <> ${sql.placeholder('exceptAccount')}`,
        ),
      ),
  );
}

/**
 * One name (availability, the search's every keystroke) compared as a plain parameter: PostgreSQL plans
 * the statement once per connection. With the name in an array parameter the generic plan guesses the
 * array's length, costs more than the plan for one name, and PostgreSQL planned the query again on every
 * execution.
 */
const oneNameRowsStatement = preparedPerDatabase((db) =>
  nameRowsQuery(db, (column) => sql`${column} = ${sql.placeholder('name')}`).prepare('name_rows_one'),
);
const nameListRowsStatement = preparedPerDatabase((db) =>
  nameRowsQuery(db, (column) => sql`${column} = any(${sql.placeholder('names')}::text[])`).prepare(
    'name_rows',
  ),
);

/** What the registry holds of some names now: which cannot be bought, and when the released ones expired. */
export type NameStatus = {
  /** Registered and not released, or held by someone's live quote. */
  taken: Set<string>;
  /** Released after their grace period (held by a quote or not): their expiry, which fixes their premium. */
  released: Map<string, Date>;
};

/** A row of the search's query: a name's domain row (held false) or a live quote's hold on it (held true). */
export type NameRow = { name: string; expiresAt: Date; held: boolean };

/**
 * The domain rows and live holds (other than `exceptAccount`'s own) of `names` at `now`: one round trip.
 */
export async function nameRows(
  db: Db,
  names: string[],
  now: Date,
  exceptAccount?: string,
): Promise<NameRow[]> {
  if (names.length === 0) return [];
  // No account is named '', so '' excepts nobody.
  const common = { now: now.toISOString(), exceptAccount: exceptAccount ?? '' };
  return names.length === 1
    ? oneNameRowsStatement(db).execute({ ...common, name: names[0] })
    : nameListRowsStatement(db).execute({ ...common, names });
}

/** What the rows say: registered and not released (expired before `releasedBefore`) or held is taken. */
export function nameStatusOf(rows: NameRow[], releasedBefore: Date): NameStatus {
  const status: NameStatus = { taken: new Set(), released: new Map() };
  for (const { name, expiresAt, held } of rows) {
    if (held || expiresAt > releasedBefore) status.taken.add(name);
    else status.released.set(name, expiresAt);
  }
  return status;
}

/**
 * Names registered and not yet released (expired before `releasedBefore`) or held by someone's live
 * quote (other than `exceptAccount`'s own), and the released ones with their expiry: one round trip.
 */
export async function nameStatus(
  db: Db,
  names: string[],
  { now, releasedBefore }: { now: Date; releasedBefore: Date },
  exceptAccount?: string,
): Promise<NameStatus> {
  return nameStatusOf(await nameRows(db, names, now, exceptAccount), releasedBefore);
}

export type NewDomain = typeof domains.$inferInsert;
export type DomainRow = typeof domains.$inferSelect;

/** Names registered and not released (expired before `releasedBefore`). */
export async function registeredNames(
  executor: Executor,
  names: string[],
  releasedBefore: Date,
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await executor
    .select({ name: domains.name })
    .from(domains)
    .where(and(inArray(domains.name, names), gt(domains.expiresAt, releasedBefore)));
  return new Set(rows.map((row) => row.name));
}

/**
 * Registers a paid name; null when the name is registered already (someone else got it first). A name
 * released after its grace period (expired before `releasedBefore`) is taken over: its row becomes the
 * new registration, not minted yet, and the former owner's records go.
 */
export async function insertDomain(
  executor: Executor,
  domain: NewDomain,
  releasedBefore: Date,
): Promise<number | null> {
  await executor.execute(sql`
    delete from ${domainRecords} where ${domainRecords.domainName} = ${domain.name}
      and exists (select 1 from ${domains} where ${domains.name} = ${domain.name}
                  and ${domains.expiresAt} <= ${releasedBefore.toISOString()}::timestamptz)`);
  const [row] = await executor
    .insert(domains)
    .values(domain)
    .onConflictDoUpdate({
      target: domains.name,
      set: {
        ...domain,
        ownerSince: sql`now()`,
        subscribed: false,
        subscriptionExpiresAt: null,
        tokenId: null,
        serialNo: null,
      },
      setWhere: sql`${domains.expiresAt} <= ${releasedBefore.toISOString()}::timestamptz`,
    })
    .returning({ id: domains.id });
  return row?.id ?? null;
}

/** A released name's NFT that is still live: its serial, while its row is not taken over or burned. */
export type ReleasedNft = { name: string; tokenId: string; serialNo: number };

/**
 * Names released after their grace period (expired before `releasedBefore`) whose NFT still counts as
 * live here: minted, and not burned or wiped. Oldest first, `limit` at most.
 */
export async function releasedLiveNfts(db: Executor, releasedBefore: Date, limit: number, name?: string) {
  const rows = await db
    .select({ name: domains.name, tokenId: domains.tokenId, serialNo: domains.serialNo })
    .from(domains)
    .where(
      and(
        lte(domains.expiresAt, releasedBefore),
        ne(domains.status, BURNED_STATUS),
        isNotNull(domains.tokenId),
        isNotNull(domains.serialNo),
        ...(name === undefined ? [] : [eq(domains.name, name)]),
      ),
    )
    .orderBy(asc(domains.expiresAt))
    .limit(limit);
  return rows as ReleasedNft[];
}

/** The NFT is gone from the ledger (wiped or burned): its row, if it still names it, says so. */
export async function markNftGone(db: Executor, tokenId: string, serialNo: number) {
  return db
    .update(domains)
    .set({ status: BURNED_STATUS })
    .where(
      and(eq(domains.tokenId, tokenId), eq(domains.serialNo, serialNo), ne(domains.status, BURNED_STATUS)),
    )
    .returning({ name: domains.name });
}

export async function updateDomain(
  executor: Executor,
  name: string,
  change: Partial<
    Pick<NewDomain, 'expiresAt' | 'months' | 'webProtection' | 'subscribed' | 'subscriptionExpiresAt'>
  >,
) {
  return executor
    .update(domains)
    .set(change)
    .where(eq(domains.name, name))
    .returning({ id: domains.id, expiresAt: domains.expiresAt });
}

/** Adds calendar months to a domain's term, as purchases count them. */
export async function extendDomain(executor: Executor, name: string, months: number) {
  const [row] = await executor
    .update(domains)
    .set({
      expiresAt: sql`${domains.expiresAt} + make_interval(months => ${months})`,
      months: sql`${domains.months} + ${months}`,
    })
    .where(eq(domains.name, name))
    .returning({ expiresAt: domains.expiresAt });
  return row ?? null;
}

export async function setOtherProviderStatus(executor: Executor, name: string, status: OtherDomainStatus) {
  await executor
    .update(otherProviderDomains)
    .set({ status })
    .where(eq(otherProviderDomains.domainName, name));
}

export async function domainsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(domains).where(inArray(domains.id, ids));
}

/** Records the serials of names minted into `tokenId` (one statement for a batch). */
export async function markMinted(
  db: Executor,
  tokenId: string,
  minted: Array<{ id: number; serialNo: number }>,
): Promise<Array<{ name: string; serialNo: number }>> {
  if (minted.length === 0) return [];
  const values = sql.join(
    minted.map(({ id, serialNo }) => sql`(${id}::int, ${serialNo}::bigint)`),
    sql`, `,
  );
  // Only rows not yet naming that serial: a mint recorded twice (a retry) is journaled once.
  const result = await db.execute<{ name: string; serial_no: string | number }>(sql`
    update ${domains} set token_id = ${tokenId}, serial_no = minted.serial_no
    from (values ${values}) as minted(id, serial_no)
    where ${domains.id} = minted.id
      and (${domains.tokenId} is distinct from ${tokenId} or ${domains.serialNo} is distinct from minted.serial_no)
    returning ${domains.name} as name, minted.serial_no as serial_no`);
  return result.rows.map((row) => ({ name: row.name, serialNo: Number(row.serial_no) }));
}

export async function markStatus(db: Db, ids: number[], status: DomainStatus) {
  if (ids.length === 0) return;
  await db.update(domains).set({ status }).where(inArray(domains.id, ids));
}

export async function domainsOfOrder(db: Db, orderId: string) {
  return db.select().from(domains).where(eq(domains.orderId, orderId));
}

/** Paid domains of an account that wait for delivery. */
export async function undeliveredIdsOf(db: Db, owner: string): Promise<number[]> {
  const rows = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.ownerAccount, owner), eq(domains.status, PAID_STATUS)));
  return rows.map((row) => row.id);
}

export async function domainsOfOwner(db: Db, owner: string, delivered: boolean) {
  return db
    .select()
    .from(domains)
    .where(
      and(eq(domains.ownerAccount, owner), eq(domains.status, delivered ? DELIVERED_STATUS : PAID_STATUS)),
    )
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

const findDomainStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(domains)
    .where(eq(domains.name, sql.placeholder('name')))
    .prepare('find_domain'),
);

export async function findDomain(db: Db, name: string) {
  const [row] = await findDomainStatement(db).execute({ name });
  return row ?? null;
}

export async function insertOtherProviderDomain(
  db: Db,
  row: { domainName: string; tokenId: string; serialNumber: number },
) {
  await db.insert(otherProviderDomains).values({ ...row, status: OTHER_DOMAIN_STATUS.unsubscribed });
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
        inArray(otherProviderDomains.status, Object.values(OTHER_DOMAIN_STATUS)),
      ),
    )
    .orderBy(otherProviderDomains.domainName);
}

/**
 * Follows delivered domains' NFTs of one collection to the accounts that hold them now (the ledger
 * watcher read them), or marks a domain burned when its NFT is gone, in one statement; answers the
 * names that changed. Names not delivered yet sit in the treasury by design and are left alone.
 */
export async function followNfts(
  db: Db,
  tokenId: string,
  nfts: Array<{ serialNo: number; holder: string | null }>,
  /** A name whose NFT was burned or wiped is released now: its expiry moves back to this at the latest. */
  releasedBefore: Date,
): Promise<string[]> {
  if (nfts.length === 0) return [];
  const values = sql.join(
    nfts.map(({ serialNo, holder }) => sql`(${serialNo}::bigint, ${holder}::text)`),
    sql`, `,
  );
  const { rows } = await db.execute<{ name: string }>(sql`
    update ${domains} set
      owner_account = coalesce(held.holder, ${domains.ownerAccount}),
      owner_since = case when held.holder is null then ${domains.ownerSince} else now() end,
      status = case when held.holder is null then ${BURNED_STATUS}::int else ${domains.status} end,
      expires_at = case when held.holder is null
        then least(${domains.expiresAt}, ${releasedBefore.toISOString()}::timestamptz)
        else ${domains.expiresAt} end
    from (values ${values}) as held(serial_no, holder)
    where ${domains.tokenId} = ${tokenId} and ${domains.serialNo} = held.serial_no
      and ${domains.status} = ${DELIVERED_STATUS}
      and (held.holder is null or ${domains.ownerAccount} <> held.holder)
    returning ${domains.name} as name`);
  return rows.map((row) => row.name);
}

const resolutionColumns = {
  name: domains.name,
  owner: domains.ownerAccount,
  status: domains.status,
  expiresAt: domains.expiresAt,
  tokenId: domains.tokenId,
  serialNo: domains.serialNo,
};

const resolutionStatement = preparedPerDatabase((db) =>
  db
    .select(resolutionColumns)
    .from(domains)
    .where(eq(domains.name, sql.placeholder('name')))
    .prepare('domain_resolution'),
);

/**
 * What the forward look-up reads of each of these names (any status; the service decides). One name,
 * the resolver's every request, is a prepared statement.
 */
export async function resolutionRows(db: Db, names: string[]) {
  if (names.length === 0) return [];
  if (names.length === 1) return resolutionStatement(db).execute({ name: names[0] });
  return db.select(resolutionColumns).from(domains).where(inArray(domains.name, names));
}

/** Who holds each of these names, since when, and whether it is delivered and not yet released. */
export async function holdings(db: Db, names: string[], releasedBefore: Date) {
  if (names.length === 0) return [];
  return db
    .select({
      name: domains.name,
      owner: domains.ownerAccount,
      ownerSince: domains.ownerSince,
      held: sql<boolean>`${domains.status} = ${DELIVERED_STATUS} and ${domains.expiresAt} > ${releasedBefore.toISOString()}::timestamptz`,
    })
    .from(domains)
    .where(inArray(domains.name, names));
}

/** Delivered top-level names expiring in (`after`, `until`], with their holders: expiry reminders. */
export async function expiringBetween(db: Db, after: Date, until: Date) {
  return db
    .select({ name: domains.name, owner: domains.ownerAccount, expiresAt: domains.expiresAt })
    .from(domains)
    .where(
      and(
        eq(domains.status, DELIVERED_STATUS),
        eq(domains.isSub, 0),
        gt(domains.expiresAt, after),
        sql`${domains.expiresAt} <= ${until.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(domains.expiresAt);
}

/** A journaled mint put back: the name's serial, and its holder when the NFT has left the treasury. */
export async function restoreMint(
  executor: Executor,
  name: string,
  nft: { tokenId: string; serialNo: number; deliveredTo: string | null },
) {
  await executor
    .update(domains)
    .set({
      tokenId: nft.tokenId,
      serialNo: nft.serialNo,
      ...(nft.deliveredTo ? { status: DELIVERED_STATUS, ownerAccount: nft.deliveredTo } : {}),
    })
    .where(eq(domains.name, name));
}

/** A journaled term change put back: the expiry as journaled, `addedMonths` more to the term. */
export async function restoreExpiry(executor: Executor, name: string, expiresAt: Date, addedMonths: number) {
  await executor
    .update(domains)
    .set({ expiresAt, months: sql`${domains.months} + ${addedMonths}` })
    .where(eq(domains.name, name));
}

/** Paid domains not delivered yet (each has a mint job to finish it). */
export async function undeliveredDomains(db: Db) {
  return db
    .select({ id: domains.id, name: domains.name, orderId: domains.orderId })
    .from(domains)
    .where(eq(domains.status, PAID_STATUS));
}

/** Every registration whose NFT is not burned, in the order they were made (a journal's first entries). */
export async function liveRegistrations(db: Db) {
  return db.select().from(domains).where(ne(domains.status, BURNED_STATUS)).orderBy(asc(domains.id));
}
