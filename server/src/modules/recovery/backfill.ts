import type { JournalEvent } from '@registry/contracts/journal';
import { RECORD_FIELDS } from '@registry/contracts/records';
import type { Db } from '../../db/database';
import type { DomainService } from '../domains/service';
import type { IdentityService } from '../identity/service';
import type { JournalService } from '../journal/service';
import type { OrderRecords } from '../orders/service';
import type { RecordService } from '../records/service';

/** Registrations journaled per transaction. */
const BATCH = 100;

type Deps = {
  db: Db;
  journal: Pick<JournalService, 'append' | 'recordEvent' | 'isEmpty'>;
  domains: Pick<DomainService, 'restore'>;
  records: Pick<RecordService, 'storedOf'>;
  identity: Pick<IdentityService, 'storedPrimaryNames'>;
  orders: Pick<OrderRecords, 'paymentsOf'>;
};

/**
 * A registry that ran before it had a journal: its first journal entries are what it holds, name by
 * name (registration and NFT, subscription, records and their flags), then the primary names; sent like
 * every other entry. Done once, while the journal is empty and names exist.
 */
export async function backfillJournal({ db, journal, domains, records, identity, orders }: Deps) {
  if (!(await journal.isEmpty())) return 0;
  const registrations = await domains.restore.liveRegistrations();
  let journaled = 0;
  for (let start = 0; start < registrations.length; start += BATCH) {
    const batch = registrations.slice(start, start + BATCH);
    const payments = await orders.paymentsOf(batch.flatMap((row) => (row.orderId ? [row.orderId] : [])));
    const stored = new Map(
      (await records.storedOf(batch.map((row) => row.name))).map((row) => [row.domainName, row]),
    );
    const changes: Array<{ name: string; event: JournalEvent }> = [];
    for (const row of batch) {
      const order = row.orderId ?? '';
      const payment = payments.get(order) ?? '';
      const add = (event: JournalEvent) => changes.push({ name: row.name, event });
      add({
        e: 'registered',
        d: {
          holder: row.ownerAccount,
          expires: row.expiresAt.toISOString(),
          months: row.months,
          webProtection: row.webProtection,
          parent: row.parentName,
          price: row.price,
          order,
          payment,
        },
      });
      if (row.tokenId && row.serialNo !== null)
        add({ e: 'minted', d: { token: row.tokenId, serial: row.serialNo } });
      if (row.subscribed && row.subscriptionExpiresAt)
        add({
          e: 'subscribed',
          d: { until: row.subscriptionExpiresAt.toISOString(), order: '', payment: '' },
        });
      const record = stored.get(row.name);
      if (record) {
        for (const field of RECORD_FIELDS) {
          const value = record[field];
          if (value !== null) add(journal.recordEvent(field, value));
        }
        if (record.statusSiteAddress === 1) add({ e: 'record-active', d: { flag: 'statusSiteAddress' } });
        if (record.statusAssets === 1) add({ e: 'record-active', d: { flag: 'statusAssets' } });
      }
    }
    await db.transaction((tx) => journal.append(tx, changes));
    journaled += changes.length;
  }
  const primaries = await identity.storedPrimaryNames();
  if (primaries.length > 0) {
    await db.transaction((tx) =>
      journal.append(
        tx,
        primaries.map((row) => ({
          name: row.domainName,
          event: { e: 'primary', d: { account: row.accountId } },
        })),
      ),
    );
    journaled += primaries.length;
  }
  return journaled;
}
