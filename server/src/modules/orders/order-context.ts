import type { DiscountTokenIds } from '@registry/contracts/discounts';
import { CLAIM_MESSAGES, CLAIM_STATUS, type ClaimEligibility } from '@registry/contracts/orders';
import type { Db } from '../../db/database';
import type { MirrorReader, MirrorTransaction } from '../../ledger/mirror-reader';
import type { JobQueue } from '../../jobs/job-queue';
import type { QuoteSignal } from '../../jobs/quote-signal';
import type { DomainService } from '../domains/service';
import type { PriceList } from '../settings/price-list';
import type { SettingsService } from '../settings/service';
import type { JournalService } from '../journal/service';
import type { KindDeps } from './paid-kind';
import { creditTo } from './payment-record';
import * as repo from './repo';
import { createSettlement } from './settlement';

export type OrderDeps = {
  db: Db;
  mirror: MirrorReader;
  domains: DomainService;
  /** Where a paid change no other module records (a record change's fee) is journaled. */
  journal: Pick<JournalService, 'append'>;
  settings: SettingsService;
  priceList: PriceList;
  /** Whether the ledger takes transactions now (a quote made while it is down could not be paid). */
  ledgerAvailable: () => Promise<boolean>;
  queue: JobQueue;
  treasuryAccountId: string;
  discountTokens: DiscountTokenIds;
  /** Holders of this token may claim one domain. */
  claimTokenId: string | null;
  /**
   * Runs due jobs now (after a payment) and resolves when the given jobs (by unique key) have had their
   * turn, or when the run is over; at once when there are none.
   */
  runJobs: (jobKeys: string[]) => Promise<void>;
  /** How long a quote holds its names and price (10 minutes unless configured). */
  quoteTtlMs?: number;
  /** Of one top-level domain's names, those the ledger holds a live NFT for (not free, whatever the database says). */
  namesLiveOnLedger?: (tld: string, names: string[]) => Promise<string[]>;
  /** Names one account and one client address may hold at once (no limit unless configured). */
  holdLimits?: { perAccount: number; perAddress: number };
  /** Raised when a quote is issued: its payment may come at any moment (the ledger watcher listens). */
  quotes?: Pick<QuoteSignal, 'issued'>;
  now?: () => Date;
};

/** What every step of an order works with: its dependencies, the paid kinds' needs and the settlement. */
export function createOrderContext(deps: OrderDeps) {
  const { db, mirror, domains, priceList, queue, treasuryAccountId } = deps;
  const now = deps.now ?? (() => new Date());

  /** The spec's claim codes (CLAIM_STATUS). */
  async function claimEligibility(accountId: string, exceptOrderId?: string): Promise<ClaimEligibility> {
    if (!deps.claimTokenId) return { status: CLAIM_STATUS.noClaimToken, msg: CLAIM_MESSAGES.notEligible };
    if (await repo.hasPaidClaim(db, accountId, exceptOrderId))
      return { status: CLAIM_STATUS.alreadyClaimed, msg: CLAIM_MESSAGES.alreadyClaimed };
    const holdings = await mirror.listAccountTokens(accountId, deps.claimTokenId);
    const holds = holdings.some((holding) => holding.token_id === deps.claimTokenId && holding.balance > 0);
    return holds
      ? { status: CLAIM_STATUS.eligible, msg: CLAIM_MESSAGES.eligible }
      : { status: CLAIM_STATUS.notEligible, msg: CLAIM_MESSAGES.notEligible };
  }

  const kindDeps: KindDeps = { domains, priceList, queue, claimEligibility, journal: deps.journal };
  return {
    deps,
    now,
    kindDeps,
    claimEligibility,
    settlement: createSettlement({ db, mirror, domains, queue, kindDeps, now }),
    creditedBy: (record: MirrorTransaction) => creditTo(record, treasuryAccountId),
  };
}
export type OrderContext = ReturnType<typeof createOrderContext>;
