import { and, eq, inArray, sql } from 'drizzle-orm';
import { defaultSiteAddress, type DomainRecords, type RecordField } from '@registry/contracts/records';
import type { Db } from '../../db/database';
import { domainRecords, orderLines, orders } from '../../db/schema';
import { HttpError, notFound } from '../../http-error';
import type { DomainService } from '../domains/service';

const COLUMN_OF: Record<RecordField, keyof typeof domainRecords.$inferInsert> = {
  siteAddress: 'siteAddress',
  web3Asset: 'web3Asset',
  twitter: 'twitter',
  linkedIn: 'linkedIn',
  facebook: 'facebook',
  instagram: 'instagram',
};

function toRecords(domainName: string, row: typeof domainRecords.$inferSelect | undefined): DomainRecords {
  const statusSiteAddress = row?.statusSiteAddress ?? 0;
  return {
    domainName,
    siteAddress: row?.siteAddress ?? defaultSiteAddress(domainName),
    assetsMap: {
      web3Asset: row?.web3Asset ?? null,
      twitter: row?.twitter ?? null,
      linkedIn: row?.linkedIn ?? null,
      facebook: row?.facebook ?? null,
      instagram: row?.instagram ?? null,
    },
    status: statusSiteAddress === 1 && row?.siteAddress ? 2 : 1,
    statusSiteAddress,
    statusAssets: row?.statusAssets ?? 0,
  };
}

export function createRecordService({ db, domains }: { db: Db; domains: DomainService }) {
  async function assertManageable(accountId: string, domainName: string) {
    const ownership = await domains.ownership(accountId, domainName);
    if (!ownership) throw notFound(`You do not own ${domainName}`);
    if (!ownership.subscribed) {
      throw new HttpError(403, 'NOT_SUBSCRIBED', 'Managing records needs an active subscription');
    }
  }

  async function read(domainName: string) {
    const [row] = await db.select().from(domainRecords).where(eq(domainRecords.domainName, domainName));
    return row;
  }

  return {
    async get(accountId: string, domainName: string): Promise<DomainRecords> {
      if (!(await domains.ownership(accountId, domainName))) throw notFound(`You do not own ${domainName}`);
      return toRecords(domainName, await read(domainName));
    },

    /** Saves one record; it becomes active once its fee is paid (see `activate`). */
    async update(
      accountId: string,
      domainName: string,
      field: RecordField,
      value: string,
    ): Promise<DomainRecords> {
      await assertManageable(accountId, domainName);
      const column = COLUMN_OF[field];
      const flag = field === 'siteAddress' ? { statusSiteAddress: 0 } : { statusAssets: 0 };
      const [row] = await db
        .insert(domainRecords)
        .values({ domainName, [column]: value, ...flag })
        .onConflictDoUpdate({
          target: domainRecords.domainName,
          set: { [column]: value, ...flag, updatedAt: new Date() },
        })
        .returning();
      return toRecords(domainName, row);
    },

    /**
     * Sets statusSiteAddress or statusAssets to 1. Only a paid record-fee order of this account for this
     * domain allows it, and each such order is used once.
     */
    async activate(
      accountId: string,
      domainName: string,
      flag: 'statusSiteAddress' | 'statusAssets',
    ): Promise<DomainRecords> {
      await assertManageable(accountId, domainName);
      return db.transaction(async (tx) => {
        const [paid] = await tx
          .select({ id: orders.id })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(
            and(
              eq(orders.accountId, accountId),
              eq(orders.kind, 'record-fee'),
              eq(orders.status, 'paid'),
              eq(orderLines.itemName, domainName),
            ),
          )
          .limit(1)
          .for('update');
        if (!paid) throw new HttpError(402, 'PAYMENT_REQUIRED', 'Pay the record change fee first');
        await tx
          .update(orders)
          .set({ status: 'completed' })
          .where(inArray(orders.id, [paid.id]));
        const [row] = await tx
          .insert(domainRecords)
          .values({ domainName, [flag]: 1 })
          .onConflictDoUpdate({ target: domainRecords.domainName, set: { [flag]: 1, updatedAt: sql`now()` } })
          .returning();
        return toRecords(domainName, row);
      });
    },

    /** Public look-up for the resolver. */
    async resolve(domainName: string): Promise<DomainRecords> {
      if (!(await domains.exists(domainName))) throw notFound(`${domainName} is not registered`);
      return toRecords(domainName, await read(domainName));
    },
  };
}
export type RecordService = ReturnType<typeof createRecordService>;
