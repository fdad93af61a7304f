import { BURNED_STATUS, DELIVERED_STATUS } from '@registry/contracts/orders';
import { OTHER_DOMAIN_STATUS } from '@registry/contracts/my-domains';
import type { Db, Executor } from '../../db/database';
import { gatheredByName } from '../../db/gathered-lookups';
import type { JournalCause, JournalService } from '../journal/service';
import type { DomainTime } from './domain-time';
import * as repo from './repo';

/**
 * Registered names: who holds them until when, and what a paid order changes of them. Every change of a
 * name's public state is journaled in the transaction that makes it.
 */
export function createRegistrations(
  db: Db,
  { now, releasedBefore, graceEndOf }: DomainTime,
  journal: Pick<JournalService, 'append'>,
) {
  // The resolver's look-ups (each page, app and gateway request) of the moment share one query.
  const resolutionRows = gatheredByName((names) => repo.resolutionRows(db, names));
  return {
    registeredAmong: (tx: Executor, names: string[]) => repo.registeredNames(tx, names, releasedBefore()),

    /**
     * Registers a paid name inside the order's transaction; null when someone registered it first.
     * Taking over a released name answers its old NFT when that is still live, to be wiped.
     */
    async registerPaid(tx: Executor, domain: repo.NewDomain, cause: JournalCause) {
      const [released] = await repo.releasedLiveNfts(tx, releasedBefore(), 1, domain.name);
      const id = await repo.insertDomain(tx, domain, releasedBefore());
      if (id === null) return null;
      await journal.append(tx, [
        {
          name: domain.name,
          event: {
            e: 'registered',
            d: {
              holder: domain.ownerAccount,
              expires: domain.expiresAt.toISOString(),
              months: domain.months,
              webProtection: domain.webProtection ?? false,
              parent: domain.parentName ?? null,
              price: domain.price,
              ...cause,
            },
          },
        },
      ]);
      return { id, released: released ?? null };
    },

    /** Released names whose NFT is still live, oldest first: each is wiped once. */
    releasedLiveNfts: (limit: number) => repo.releasedLiveNfts(db, releasedBefore(), limit),

    /** A name's NFT was wiped or burned: its row (if it still names that serial) says so. */
    markNftGone: (tokenId: string, serialNo: number) =>
      db.transaction(async (tx) => {
        const gone = await repo.markNftGone(tx, tokenId, serialNo);
        await journal.append(
          tx,
          gone.map(({ name }) => ({ name, event: { e: 'burned', d: { token: tokenId, serial: serialNo } } })),
        );
      }),

    /**
     * Who holds each name and since when; `held` only while it is delivered and not released: what
     * a primary name is checked against.
     */
    holdings: (names: string[]) => repo.holdings(db, names, releasedBefore()),

    /** Whether a registered name's grace period after expiry is over: anyone may register it now. */
    isReleased: (expiresAt: Date) => expiresAt <= releasedBefore(),

    async extend(tx: Executor, name: string, months: number, cause: JournalCause) {
      const extended = await repo.extendDomain(tx, name, months);
      if (extended)
        await journal.append(tx, [
          {
            name,
            event: { e: 'extended', d: { expires: extended.expiresAt.toISOString(), months, ...cause } },
          },
        ]);
    },

    /** Moves a domain's expiry (the local ledger's time travel); false when it is not registered. */
    async setExpiry(name: string, expiresAt: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const updated = await repo.updateDomain(tx, name, { expiresAt });
        if (updated.length === 0) return false;
        await journal.append(tx, [{ name, event: { e: 'expiry', d: { expires: expiresAt.toISOString() } } }]);
        return true;
      });
    },

    async enableWebProtection(tx: Executor, name: string, cause: JournalCause) {
      const updated = await repo.updateDomain(tx, name, { webProtection: true });
      if (updated.length > 0) await journal.append(tx, [{ name, event: { e: 'web-protection', d: cause } }]);
    },

    /** Subscribes a registered domain, or else another provider's domain (status 1 = subscribed). */
    async subscribe(tx: Executor, name: string, until: Date, cause: JournalCause) {
      const updated = await repo.updateDomain(tx, name, { subscribed: true, subscriptionExpiresAt: until });
      if (updated.length === 0) await repo.setOtherProviderStatus(tx, name, OTHER_DOMAIN_STATUS.subscribed);
      else
        await journal.append(tx, [
          { name, event: { e: 'subscribed', d: { until: until.toISOString(), ...cause } } },
        ]);
    },

    /**
     * What the journal holds, put back after a restore or on a rebuild, inside the caller's transaction and
     * without journaling it again: it is on the topic already.
     */
    restore: {
      registration: (tx: Executor, domain: repo.NewDomain) => repo.insertDomain(tx, domain, releasedBefore()),
      mint: (tx: Executor, name: string, nft: Parameters<typeof repo.restoreMint>[2]) =>
        repo.restoreMint(tx, name, nft),
      expiry: (tx: Executor, name: string, expiresAt: Date, addedMonths = 0) =>
        repo.restoreExpiry(tx, name, expiresAt, addedMonths),
      webProtection: (tx: Executor, name: string) => repo.updateDomain(tx, name, { webProtection: true }),
      subscription: (tx: Executor, name: string, until: Date) =>
        repo.updateDomain(tx, name, { subscribed: true, subscriptionExpiresAt: until }),
      burn: (tx: Executor, tokenId: string, serialNo: number) => repo.markNftGone(tx, tokenId, serialNo),
      /** Paid names not delivered yet: each gets its mint job, which finds a live NFT before minting. */
      undelivered: () => repo.undeliveredDomains(db),
      /** Every registration whose NFT is not burned: what a registry older than its journal journals first. */
      liveRegistrations: () => repo.liveRegistrations(db),
    },

    find: (name: string) => repo.findDomain(db, name),

    async exists(name: string): Promise<boolean> {
      return Boolean(await repo.findDomain(db, name));
    },

    /** What anyone may see of a registered name (its public page); null when unregistered or released. */
    async publicView(name: string) {
      const row = await repo.findDomain(db, name);
      if (!row || row.expiresAt <= releasedBefore() || row.status === BURNED_STATUS) return null;
      return {
        name: row.name,
        owner: row.ownerAccount,
        expiresAt: row.expiresAt,
        delivered: row.status === DELIVERED_STATUS,
        graceEndsAt: row.expiresAt <= now() ? graceEndOf(row.expiresAt) : null,
      };
    },

    /**
     * Where each registered name points (names not registered, released or burned are left out): its
     * NFT (collection and serial), its expiry, and its holder, the account the NFT was last seen with, null before
     * delivery and once expired (in the grace period nobody's name resolves).
     */
    async resolutions(names: string[]) {
      const rows = await resolutionRows(names);
      const current = now();
      return rows
        .filter((row) => row.expiresAt > releasedBefore() && row.status !== BURNED_STATUS)
        .map((row) => ({
          name: row.name,
          tokenId: row.tokenId,
          serialNo: row.serialNo,
          expiresAt: row.expiresAt,
          holder: row.status === DELIVERED_STATUS && row.expiresAt > current ? row.owner : null,
        }));
    },

    /** A registered name's NFT serial number: null while it is not minted, undefined when not registered. */
    async serialOf(name: string): Promise<number | null | undefined> {
      const [row] = await resolutionRows([name]);
      if (!row || row.expiresAt <= releasedBefore() || row.status === BURNED_STATUS) return undefined;
      return row.serialNo ?? null;
    },

    /**
     * Delivered names whose expiry falls within the next `aheadMs` or whose grace period is running: who
     * holds each now, when it expires and when its grace ends.
     */
    async expiringSoon(aheadMs: number) {
      const rows = await repo.expiringBetween(db, releasedBefore(), new Date(now().getTime() + aheadMs));
      return rows.map((row) => ({ ...row, graceEndsAt: graceEndOf(row.expiresAt) }));
    },
  };
}
