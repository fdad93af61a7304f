import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import { nftName, type MirrorNft, type MirrorReader, type MirrorTransaction } from '../ledger/mirror-reader';
import type { FeedLeases } from './feed-leases';
import type { QuoteSignal } from './quote-signal';
import { createRoundGuard, roundTimer } from './timer-rounds';

/** The treasury's incoming transfers, in consensus order. */
export const PAYMENTS_FEED = 'payments';
/** A collection's NFTs by serial: `nfts:0.0.1234`. */
export const nftFeed = (tokenId: string) => `nfts:${tokenId}`;

/** Pages read per feed in one round, so one round stays short and the lease is renewed often. */
const PAGES_PER_ROUND = 10;
const PAGE_SIZE = 100;
/** Payments taken side by side (PostgreSQL runs them at once; PGlite one after another). */
const PAYMENT_LANES = 4;

/** What became of a transaction that reached the treasury. */
export type PaymentTaking = 'settled' | 'refunded' | 'recorded-before' | 'not-a-payment';

type Deps = {
  leases: FeedLeases;
  mirror: Pick<MirrorReader, 'transactionsPage' | 'tokenNftsPage'>;
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
  /** Whether a payment may be on its way (a quote is open): the payments feed is then read more often. */
  paymentsExpected?(): Promise<boolean>;
  /** Quotes this server issues, as they are issued (see `quoteIssued`). */
  quotes?: Pick<QuoteSignal, 'onIssued'>;
  /** Starts the jobs (mints, refunds) that settlements queued, without waiting for them. */
  kickJobs(jobKeys: string[]): void;
  log?: (message: string) => void;
  /** Counts what the watcher did, for the metrics endpoint. */
  observe?: (event: { payment?: PaymentTaking; moved?: number }) => void;
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

  constructor(private readonly deps: Deps) {
    this.clock = deps.clock ?? Date.now;
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
    for (const tokenId of await this.deps.collections()) if (await this.sweepCollection(tokenId)) more = true;
    this.lastRoundHadMore = more;
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
   * Reads a collection's NFTs after the serial it reached, up to PAGES_PER_ROUND pages, and moves each
   * delivered domain to the NFT's holder; at the end it starts over from the first serial. The mirror
   * node has no feed of one collection's transfers, so the collection is swept. Answers whether pages
   * were left for the next round.
   */
  private async sweepCollection(tokenId: string): Promise<boolean> {
    const { leases, mirror } = this.deps;
    const feed = nftFeed(tokenId);
    const cursor = await leases.lead(feed);
    if (cursor === null) return false;
    let page = await mirror.tokenNftsPage({ tokenId, afterSerial: Number(cursor) || 0, limit: PAGE_SIZE });
    for (let pages = 1; ; pages += 1) {
      const moved = await this.deps.followNfts(
        tokenId,
        page.items.map((nft) => ({ serialNo: nft.serial_number, holder: holderOf(nft), name: nftName(nft) })),
      );
      if (moved.length > 0) this.deps.observe?.({ moved: moved.length });
      const last = page.items.at(-1);
      const more = Boolean(page.next && last);
      if (!(await leases.advance(feed, more ? String(last!.serial_number) : '0', new Date(this.clock()))))
        return false;
      if (!more) return false;
      if (pages >= PAGES_PER_ROUND) return true;
      page = await mirror.tokenNftsPage({ next: page.next! });
    }
  }
}

/** Who holds an NFT now; null once it was burned or wiped. */
const holderOf = (nft: MirrorNft) => (nft.deleted ? null : nft.account_id);
