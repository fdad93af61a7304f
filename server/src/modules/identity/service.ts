import { longZeroEvmAddress } from '@registry/contracts/account';
import type { Db, Executor } from '../../db/database';
import { HttpError, notFound } from '../../http-error';
import type { DomainService } from '../domains/service';
import type { JournalService } from '../journal/service';
import * as repo from './repo';

const cleared = (row: repo.PrimaryNameRow) => ({
  name: row.domainName,
  event: { e: 'primary-cleared' as const, d: { account: row.accountId } },
});

/**
 * Names as identity: the one name an account chooses to be shown by, and the reverse look-up from an
 * account to it. A primary name stands only while its account has held the name without a break
 * since it was set; a transfer, a release or a burn voids it, and it is then cleared on read.
 */
export function createIdentityService({
  db,
  domains,
  ledger,
  journal,
}: {
  db: Db;
  journal: Pick<JournalService, 'append'>;
  domains: Pick<DomainService, 'holdings' | 'currentHolding'>;
  /** The mirror node's answer of an account's EVM address (null: no such account). */
  ledger: { evmAddressOf(accountId: string): Promise<string | null> };
}) {
  /** The primary names that still stand for these accounts; voided ones are cleared on the way. */
  async function standingNames(accountIds: string[]): Promise<Map<string, string>> {
    const rows = await repo.primaryNamesOf(db, accountIds);
    const holdings = new Map(
      (await domains.holdings(rows.map((row) => row.domainName))).map((holding) => [holding.name, holding]),
    );
    const standing = new Map<string, string>();
    const voided: repo.PrimaryNameRow[] = [];
    for (const row of rows) {
      const holding = holdings.get(row.domainName);
      const stands =
        holding?.held === true && holding.owner === row.accountId && holding.ownerSince <= row.setAt;
      if (stands) standing.set(row.accountId, row.domainName);
      else voided.push(row);
    }
    if (voided.length > 0)
      await db.transaction(async (tx) => {
        const removed = await repo.deletePrimaryNames(tx, voided);
        await journal.append(tx, removed.map(cleared));
      });
    return standing;
  }

  return {
    async primaryName(accountId: string): Promise<{ name: string | null }> {
      return { name: (await standingNames([accountId])).get(accountId) ?? null };
    },

    /** Only the name's current holder may make it their primary name; it costs nothing. */
    async setPrimaryName(accountId: string, name: string): Promise<{ name: string }> {
      // Who holds it on the ledger now, not at the watcher's last sweep.
      await domains.currentHolding(name);
      const [holding] = await domains.holdings([name]);
      if (!holding) throw notFound(`${name} is not registered`);
      if (holding.owner !== accountId || !holding.held)
        throw new HttpError(403, 'NOT_OWNER', `Only the holder of ${name} can make it their primary name`);
      await db.transaction(async (tx) => {
        await repo.upsertPrimaryName(tx, accountId, name);
        await journal.append(tx, [{ name, event: { e: 'primary', d: { account: accountId } } }]);
      });
      return { name };
    },

    /** Every primary name as stored (a registry older than its journal journals them first). */
    storedPrimaryNames: () => repo.allPrimaryNames(db),

    /** A journaled primary name put back (restore, rebuild), or cleared: not journaled again. */
    async restorePrimaryName(tx: Executor, accountId: string, name: string | null) {
      if (name) await repo.upsertPrimaryName(tx, accountId, name);
      else await repo.deletePrimaryName(tx, accountId);
    },

    async clearPrimaryName(accountId: string): Promise<{ name: null }> {
      await db.transaction(async (tx) => {
        const removed = await repo.deletePrimaryName(tx, accountId);
        if (removed) await journal.append(tx, [cleared(removed)]);
      });
      return { name: null };
    },

    /** The primary name of one account; 404 when none stands. */
    async reverse(accountId: string): Promise<{ accountId: string; name: string }> {
      const name = (await standingNames([accountId])).get(accountId);
      if (!name) throw notFound(`${accountId} has no primary name`);
      return { accountId, name };
    },

    /**
     * The EVM address of each account: its alias when it has one, else the long-zero form. Each account's
     * is asked of the mirror node once and kept; while the mirror cannot be read, an account not seen
     * before answers its long-zero form, which addresses it as well, and is asked again next time.
     */
    async evmAddresses(accountIds: string[]): Promise<Record<string, string>> {
      const unique = [...new Set(accountIds)];
      const known = new Map(
        (await repo.evmAddressesOf(db, unique)).map((row) => [row.accountId, row.evmAddress]),
      );
      const learned = (
        await Promise.all(
          unique
            .filter((accountId) => !known.has(accountId))
            .map(async (accountId) => ({
              accountId,
              evmAddress: await ledger.evmAddressOf(accountId).catch(() => null),
            })),
        )
      ).filter((row): row is { accountId: string; evmAddress: string } => row.evmAddress !== null);
      await repo.saveEvmAddresses(db, learned);
      for (const row of learned) known.set(row.accountId, row.evmAddress);
      return Object.fromEntries(unique.map((id) => [id, known.get(id) ?? longZeroEvmAddress(id)]));
    },

    /** Primary names of up to a page of accounts: each asked id, null where none stands. */
    async reverseMany(accountIds: string[]): Promise<{ names: Record<string, string | null> }> {
      const unique = [...new Set(accountIds)];
      const standing = await standingNames(unique);
      return { names: Object.fromEntries(unique.map((id) => [id, standing.get(id) ?? null])) };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
