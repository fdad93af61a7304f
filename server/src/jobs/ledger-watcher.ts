import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import { nftName, type MirrorNft, type MirrorReader, type MirrorTransaction } from '../ledger/mirror-reader';
import type { FeedLeases } from './feed-leases';
import type { QuoteSignal } from './quote-signal';
import { createRoundGuard, roundTimer } from './timer-rounds';

/** The treasury's incoming transfers, in consensus order. */
export const PAYMENTS_FEED = 'payments';
/** The network's crypto transfers, in consensus order: the registry's NFTs moving between holders. */
export const TRANSFERS_FEED = 'transfers';
/** A collection's NFTs by serial, swept as a safety net behind the transfers feed: `nfts:0.0.1234`. */
export const nftFeed = (tokenId: string) => `nfts:${tokenId}`;
/** A finished sweep's cursor: when that pass started (the next starts a pass interval after it). */
const SWEPT = /^done:(\d+)$/;
/** How far back the transfers feed starts on its first read: the sweep covers what came before. */
const FIRST_READ_BACK_MS = 60_000;

/** How the sweep is paced: a pass starts at most every `passMs`, reading a page at most every `pageMs`. */
export type SweepPace = { enabled: boolean; passMs: number; pageMs: number };
/** Every round sweeps as far as it goes (the tests' pace, and the sweep before the transfers feed). */
export const UNPACED_SWEEP: SweepPace = { enabled: true, passMs: 0, pageMs: 0 };

/** Pages read per feed in one round, so one round stays short and the lease is renewed often. */
const PAGES_PER_ROUND = 10;
const PAGE_SIZE = 100;
/** Payments taken side by side (PostgreSQL runs them at once; PGlite one after another). */
const PAYMENT_LANES = 4;

/** What became of a transaction that reached the treasury. */
export type PaymentTaking = 'settled' | 'refunded' | 'recorded-before' | 'not-a-payment';

type Deps = {
  leases: FeedLeases;
  mirror: Pick<MirrorReader, 'transactionsPage' | 'tokenNftsPage' | 'networkTransfersPage'>;
  treasuryAccountId: string;
  /** Settles or refunds one payment exactly once (the order service's `takePayment`). */
  takePayment(record: MirrorTransaction): Promise<{ taking: PaymentTaking; jobKeys: string[] }>;
  /** The registry's domain collections. */
  collections(): Promise<string[]>;
  /**
   * Records NFTs' holders (null when burned or wiped) and the names they were minted for (their
   * metadata); answers the domains that moved.
   */
  followNfts(
    tokenId: string,
    nfts: Array<{ serialNo: number; holder: string | null; name: string | null }>,
  ): Promise<string[]>;
  /** Moves delivered domains to the accounts their NFTs were sent to; answers the domains that moved. */
  followTransfers(tokenId: string, moves: Array<{ serialNo: number; holder: string }>): Promise<string[]>;
  /** The sweep's pace (UNPACED_SWEEP when not given). */
  sweep?: SweepPace;
  /** Whether a payment may be on its way (a quote is open): the payments feed is then read more often. */
  paymentsExpected?(): Promise<boolean>;
  /** Quotes this server issues, as they are issued (see `quoteIssued`). */
  quotes?: Pick<QuoteSignal, 'onIssued'>;
  /** Starts the jobs (mints, refunds) that settlements queued, without waiting for them. */
  kickJobs(jobKeys: string[]): void;
  log?: (message: string) => void;
  /**
   * Counts what the watcher did, for the metrics endpoint: `drift` is what the sweep corrected that the
   * transfers feed had not (none while the feed works).
   */
  observe?: (event: { payment?: PaymentTaking; moved?: number; drift?: number }) => void;
  clock?: () => number;
};

const secondsOf = (consensusTimestamp: string) => Number(consensusTimestamp.split('.')[0]) * 1000;

/**
 * Reads the ledger through the mirror node so that the registry follows it without any browser: each
 * payment to the treasury is settled or refunded exactly once, and each delivered domain belongs to
 * whoever holds its NFT. One server leads each feed at a time (a lease in the database); the cursor
 * moves past every few items taken side by side, and every item's effect is keyed, so a restart or a
 * new leader neither skips nor repeats one.
 */
/** Where the group of payments starting at `start` ends: at most PAYMENT_LANES, one per memo. */
function groupEnd(items: MirrorTransaction[], start: number): number {
  const memos = new Set<string>();
  let end = start;
  while (end < items.length && end - start < PAYMENT_LANES) {
    const memo = items[end]!.memo_base64 ?? '';
    if (memos.has(memo)) break;
    memos.add(memo);
    end += 1;
  }
  return end;
}

export class LedgerWatcher {
  private readonly timer = roundTimer(() => this.tick());
  private readonly paymentsTimer = roundTimer(() => this.paymentsTick());
  private running: Promise<void> | null = null;
  /** The round under way reads the payments feed only. */
  private runningPaymentsOnly = false;
  private readonly clock: () => number;
  private readonly guard: ReturnType<typeof createRoundGuard>;
  private readonly sweepPace: SweepPace;
  /** When this server last read a page of each collection's sweep. */
  private readonly sweptPageAt = new Map<string, number>();

  constructor(private readonly deps: Deps) {
    this.clock = deps.clock ?? Date.now;
    this.sweepPace = deps.sweep ?? UNPACED_SWEEP;
    deps.quotes?.onIssued(() => this.quoteIssued());
    this.guard = createRoundGuard('ledger watcher', deps.log ?? (() => undefined), this.clock, (error) =>
      error instanceof LedgerUnavailableError
        ? 'the mirror node is down'
        : error instanceof Error
          ? error.message
          : String(error),
    );
  }

  /**
   * Every feed every `intervalMs`; while a quote is open, the payments feed also every
   * `paymentsIntervalMs`, so a payment no page confirms is settled within a fraction of a second rather
   * than at the next full round. An idle registry looks for an open quote once a full round.
   */
  start(intervalMs = 1000, paymentsIntervalMs?: number) {
    this.intervalMs = intervalMs;
    this.noQuoteSeenAt = null;
    this.timer.start(intervalMs);
    if (paymentsIntervalMs && this.deps.paymentsExpected) this.paymentsTimer.start(paymentsIntervalMs);
  }

  private intervalMs = 1000;
  /** When a look found no open quote (null: look in the next payments round). */
  private noQuoteSeenAt: number | null = null;
  /** Quotes this server issued: one issued during a look that found none is not missed. */
  private quotesIssued = 0;

  /**
   * A quote was just issued here: the payments feed is read often from the next payments round on.
   * (A quote another server issued is found by a look, at most one full round later.)
   */
  quoteIssued() {
    this.quotesIssued += 1;
    this.noQuoteSeenAt = null;
  }

  async stop() {
    this.timer.stop();
    this.paymentsTimer.stop();
    await this.running?.catch(() => undefined);
    await this.deps.leases.release().catch(() => undefined);
  }

  /** One timer round; failures (mirror node or database down) back off, see `createRoundGuard`. */
  tick(): Promise<void> {
    return this.guard(() => this.runOnce());
  }

  /** A payments-only round while a payment is expected; skipped while any round runs. */
  private paymentsTick(): Promise<void> {
    if (this.running) return Promise.resolve();
    // None was open at the last look: an idle registry looks once a full round, not every payments round.
    if (this.noQuoteSeenAt !== null && this.clock() - this.noQuoteSeenAt < this.intervalMs)
      return Promise.resolve();
    return this.guard(async () => {
      if (this.running) return;
      const issuedBefore = this.quotesIssued;
      if (!(await this.deps.paymentsExpected!())) {
        if (this.quotesIssued === issuedBefore) this.noQuoteSeenAt = this.clock();
        return;
      }
      this.noQuoteSeenAt = null;
      this.runningPaymentsOnly = true;
      this.running = this.readPayments()
        .then(() => undefined)
        .finally(() => {
          this.running = null;
          this.runningPaymentsOnly = false;
        });
      await this.running;
    });
  }

  /** Reads every feed this server leads, as far as one round goes. Concurrent calls share one round. */
  runOnce(): Promise<void> {
    // A payments-only round is not a round of every feed: one starts after it.
    if (this.running && this.runningPaymentsOnly)
      return this.running.catch(() => undefined).then(() => this.runOnce());
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Rounds until no feed has more to read now (tests, the bench). */
  async catchUp(): Promise<void> {
    // A round already under way may have read its pages before the caller's payments: start after it.
    await this.running?.catch(() => undefined);
    for (;;) {
      const more = await this.runOnce().then(() => this.lastRoundHadMore);
      if (!more) return;
    }
  }

  private lastRoundHadMore = false;

  private async round() {
    let more = await this.readPayments();
    const collections = await this.deps.collections();
    if (await this.readTransfers(new Set(collections))) more = true;
    for (const tokenId of collections) if (await this.sweepCollection(tokenId)) more = true;
    this.lastRoundHadMore = more;
  }

  /**
   * Reads the network's transfers after the cursor and moves each delivered domain whose NFT changed
   * hands to its receiver, in consensus order (a serial sent on twice in a page ends with its last
   * receiver). Answers whether pages were left for the next round.
   */
  private async readTransfers(collections: Set<string>): Promise<boolean> {
    const { leases, mirror } = this.deps;
    const cursor = await leases.lead(TRANSFERS_FEED);
    if (cursor === null) return false;
    const after =
      cursor === '0' ? `${Math.floor((this.clock() - FIRST_READ_BACK_MS) / 1000)}.000000000` : cursor;
    let page = await mirror.networkTransfersPage({ afterTimestamp: after, limit: PAGE_SIZE });
    for (let pages = 1; ; pages += 1) {
      const moves = new Map<string, Map<number, string>>();
      for (const record of page.items)
        for (const move of record.nft_transfers ?? []) {
          if (!collections.has(move.token_id) || !move.receiver_account_id) continue;
          const serials = moves.get(move.token_id) ?? new Map<number, string>();
          serials.delete(move.serial_number);
          serials.set(move.serial_number, move.receiver_account_id);
          moves.set(move.token_id, serials);
        }
      for (const [tokenId, serials] of moves) {
        const moved = await this.deps.followTransfers(
          tokenId,
          [...serials].map(([serialNo, holder]) => ({ serialNo, holder })),
        );
        if (moved.length > 0) this.deps.observe?.({ moved: moved.length });
      }
      const last = page.items.at(-1)?.consensus_timestamp;
      const readUpTo = page.next && last ? new Date(secondsOf(last)) : new Date(this.clock());
      if (!(await leases.advance(TRANSFERS_FEED, last ?? after, readUpTo))) return false;
      if (!page.next) return false;
      if (pages >= PAGES_PER_ROUND) return true;
      page = await mirror.networkTransfersPage({ next: page.next });
    }
  }

  /** Answers whether pages were left for the next round. */
  private async readPayments(): Promise<boolean> {
    const { leases, mirror, treasuryAccountId } = this.deps;
    const cursor = await leases.lead(PAYMENTS_FEED);
    if (cursor === null) return false;
    let page = await mirror.transactionsPage({
      accountId: treasuryAccountId,
      afterTimestamp: cursor === '0' ? '0.000000000' : cursor,
      limit: PAGE_SIZE,
    });
    for (let pages = 1; ; pages += 1) {
      const jobKeys: string[] = [];
      for (let start = 0; start < page.items.length;) {
        // A few payments at a time: each is settled or refunded under its own key, so their order
        // does not matter, except between payments naming the same quote (the first on the ledger
        // settles it): those go in separate groups. The cursor moves past a group once all are taken.
        const end = groupEnd(page.items, start);
        const group = page.items.slice(start, end);
        start = end;
        for (const { taking, jobKeys: queued } of await Promise.all(
          group.map((record) => this.deps.takePayment(record)),
        )) {
          jobKeys.push(...queued);
          this.deps.observe?.({ payment: taking });
        }
        const last = group.at(-1)!.consensus_timestamp;
        const stillLeading = await leases.advance(PAYMENTS_FEED, last, new Date(secondsOf(last)));
        if (!stillLeading) {
          this.deps.kickJobs(jobKeys);
          return false;
        }
      }
      if (jobKeys.length > 0) this.deps.kickJobs(jobKeys);
      if (!page.next) {
        // Read to the end: the feed is as current as the mirror node now.
        await leases.advance(
          PAYMENTS_FEED,
          page.items.at(-1)?.consensus_timestamp ?? cursor,
          new Date(this.clock()),
        );
        return false;
      }
      if (pages >= PAGES_PER_ROUND) return true;
      page = await mirror.transactionsPage({ next: page.next });
    }
  }

  /**
   * The safety net behind the transfers feed: reads a collection's NFTs by serial and moves each
   * delivered domain to its NFT's holder (burns and wipes, which are not transfers, are found here too).
   * Paced: a pass starts at most every `passMs` and reads a page at most every `pageMs`, so what it asks
   * of the mirror node does not grow with the number of names. What it moves is drift, counted. Answers
   * whether pages were left for the next round.
   */
  private async sweepCollection(tokenId: string): Promise<boolean> {
    const { leases, mirror } = this.deps;
    const { enabled, passMs, pageMs } = this.sweepPace;
    if (!enabled) return false;
    const now = this.clock();
    if (pageMs > 0 && now - (this.sweptPageAt.get(tokenId) ?? 0) < pageMs) return false;
    const feed = nftFeed(tokenId);
    const cursor = await leases.lead(feed);
    if (cursor === null) return false;
    const swept = SWEPT.exec(cursor);
    if (swept && now - Number(swept[1]) < passMs) return false;
    // `serial@passStart` while a pass is under way.
    const [serial, started] = swept ? ['0', String(now)] : cursor.split('@');
    const passStart = started ?? String(now);
    let page = await mirror.tokenNftsPage({ tokenId, afterSerial: Number(serial) || 0, limit: PAGE_SIZE });
    const pagesThisRound = pageMs > 0 ? 1 : PAGES_PER_ROUND;
    for (let pages = 1; ; pages += 1) {
      this.sweptPageAt.set(tokenId, this.clock());
      const moved = await this.deps.followNfts(
        tokenId,
        page.items.map((nft) => ({ serialNo: nft.serial_number, holder: holderOf(nft), name: nftName(nft) })),
      );
      if (moved.length > 0) this.deps.observe?.({ moved: moved.length, drift: moved.length });
      const last = page.items.at(-1);
      const more = Boolean(page.next && last);
      const next = more ? `${last!.serial_number}@${passStart}` : `done:${passStart}`;
      if (!(await leases.advance(feed, next, new Date(this.clock())))) return false;
      if (!more) return false;
      if (pages >= pagesThisRound) return pageMs === 0;
      page = await mirror.tokenNftsPage({ next: page.next! });
    }
  }
}

/** Who holds an NFT now; null once it was burned or wiped. */
const holderOf = (nft: MirrorNft) => (nft.deleted ? null : nft.account_id);
