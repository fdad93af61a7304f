import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DELIVERED_STATUS, type QuoteRequest, type QuoteResponse } from '@registry/contracts/orders';
import type { ResolveResponse } from '@registry/contracts/records';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import type { LocalLedgerProcess } from './local-ledger-process';
import type { ServerProcess } from './server-process';
import { waitFor } from './wait-for';

/** A transaction id as the mirror node writes it (and the registry's refund memos name it). */
export const mirrorId = (sdkId: string) => {
  const [account, validStart] = sdkId.split('@');
  return `${account}-${validStart!.replace('.', '-')}`;
};

export const buy = (name: string): QuoteRequest => ({
  kind: 'domains',
  items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
});

/** The audit command, as anyone runs it against the registry (and the mirror it names). */
export function runAudit(origin: string) {
  const bin = fileURLToPath(new URL('../../../packages/audit/bin/registry-audit.mjs', import.meta.url));
  return new Promise<{ code: number; output: string }>((resolve) =>
    execFile(process.execPath, [bin, '--registry', origin], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

/** Every name's public answer (`POST /api/resolve`, a hundred at a time). */
export async function resolveOn(on: Pick<ServerProcess, 'origin'>, names: string[]) {
  const answers: Record<string, ResolveResponse | null> = {};
  for (let start = 0; start < names.length; start += 100) {
    const response = await fetch(`${on.origin}/api/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ names: names.slice(start, start + 100) }),
    });
    Object.assign(answers, ((await response.json()) as { names: typeof answers }).names);
  }
  return answers;
}

export const journalOn = async (on: Pick<ServerProcess, 'origin'>) =>
  (await (await fetch(`${on.origin}/api/journal`)).json()) as { topicId: string; unsent: number };

/** Waits until the server has read the journal (it takes writes then). */
export const levelOn = (on: Pick<ServerProcess, 'origin'>) =>
  waitFor(async () => {
    const health = (await (await fetch(`${on.origin}/healthz`)).json()) as { journal?: { phase: string } };
    return health.journal?.phase === 'level';
  }, 90_000);

/** Refunds the ledger shows to an account, by the payment each names in its memo. */
export async function refundsTo(ledger: Pick<LocalLedgerProcess, 'origin'>, account: LedgerAccount) {
  type Page = {
    transactions: { memo_base64: string; result: string; transfers: { account: string; amount: number }[] }[];
    links: { next: string | null };
  };
  const memos: string[] = [];
  let next: string | null = `/api/v1/transactions?account.id=${account.accountId}&order=asc&limit=100`;
  while (next) {
    const page = (await (await fetch(`${ledger.origin}/ledger${next}`)).json()) as Page;
    memos.push(
      ...page.transactions
        .filter((record) => record.result === 'SUCCESS')
        .filter((record) => record.transfers.some((t) => t.account === account.accountId && t.amount > 0))
        .map((record) => Buffer.from(record.memo_base64 ?? '', 'base64').toString()),
    );
    next = page.links.next;
  }
  return memos.filter((memo) => memo.startsWith('refund ')).map((memo) => memo.slice('refund '.length));
}

/** One purchase every so often, spread over the buyers. */
const TRAFFIC_PAUSE_MS = 300;
const BUYERS = 4;
const DAY_MS = 86_400_000;

/**
 * Buyers of a registry in the real-network mode against `npx local-ledger`, as a restore or rebuild
 * drill drives them: what each paid, who must hold each name in the end, which payments were short.
 * `server()` is the server of the moment (a restart listens on another port).
 */
export async function openDrill(ledger: LocalLedgerProcess, server: () => ServerProcess, prefix: string) {
  const chain = new LedgerClient(ledger.origin);
  const registry = () => new LedgerClient(server().origin, { ledgerOrigin: ledger.origin });
  const buyers: LedgerAccount[] = [];
  for (let count = 0; count < BUYERS; count += 1) buyers.push(await chain.openAccount());
  const friend = await chain.openAccount();
  const cookies = new Map<LedgerAccount, string>();
  const signInAll = async () => {
    for (const buyer of buyers) cookies.set(buyer, await registry().signIn(buyer));
  };
  await signInAll();
  const cookieOf = (buyer: LedgerAccount) => cookies.get(buyer)!;
  const run = `${prefix}${Date.now().toString(36)}`;
  const deliveredTo = async (buyer: LedgerAccount) =>
    new Set(
      (await registry().domainsOf(cookieOf(buyer)))
        .filter((domain) => domain.status === DELIVERED_STATUS)
        .map((domain) => domain.itemName),
    );
  /** Who must hold each name's one NFT in the end. */
  const holderOf = new Map<string, LedgerAccount>();
  const deliveredPayments: string[] = [];
  const shortPayments: string[] = [];
  const sentOn: string[] = [];

  // A first name makes the collection; every buyer associates it, so later names are delivered at once.
  const [buyer] = buyers as [LedgerAccount];
  const first = `${run}a.hbar`;
  deliveredPayments.push(
    mirrorId(await chain.pay(buyer, await registry().quote(cookieOf(buyer), buy(first)))),
  );
  let found: string | null = null;
  await waitFor(async () => Boolean((found = await registry().collectionOf(cookieOf(buyer), first))), 60_000);
  const collection: string = found!;
  await registry().collect(buyer, cookieOf(buyer), first);
  for (const account of [...buyers.slice(1), friend]) await chain.associate(account, collection);
  await registry().purchase(buyer, cookieOf(buyer), { kind: 'subscription', itemName: first });
  await waitFor(async () => (await deliveredTo(buyer)).has(first), 60_000);
  holderOf.set(first, buyer);

  return {
    chain,
    registry,
    buyers,
    buyer,
    friend,
    run,
    first,
    collection,
    holderOf,
    deliveredPayments,
    shortPayments,
    cookieOf,
    signInAll,

    /** A payment short of its quote (refunded whole). */
    async payShort(who: LedgerAccount, quote: QuoteResponse) {
      const paid = { ...quote, amountTinybars: String(BigInt(quote.amountTinybars) - 100n) };
      shortPayments.push(mirrorId(await chain.pay(who, paid satisfies QuoteResponse)));
    },

    /** The first name extended, protected and one of its records changed and made active. */
    async changeFirst() {
      await registry().purchase(buyer, cookieOf(buyer), { kind: 'extend', itemName: first, months: 24 });
      await registry().purchase(buyer, cookieOf(buyer), { kind: 'web-protection', itemName: first });
      await registry().setRecord(buyer, cookieOf(buyer), first, 'twitter', `https://twitter.com/${run}`);
    },

    /**
     * `durationMs` of buyers: with and without the page's confirm, short payments, names that will be
     * sent on to a friend; then one name released (time passing on the local network) and sold again
     * to another buyer.
     */
    async traffic(durationMs: number) {
      const ends = Date.now() + durationMs;
      for (let index = 0; Date.now() < ends; index += 1) {
        const who = buyers[index % BUYERS]!;
        const name = `${run}t${index}.hbar`;
        const quote = await registry().quote(cookieOf(who), buy(name));
        if (index % 4 === 2) await this.payShort(who, quote);
        else {
          const transactionId = await chain.pay(who, quote);
          deliveredPayments.push(mirrorId(transactionId));
          if (index % 4 === 0) await registry().confirm(cookieOf(who), quote.orderId, transactionId);
          holderOf.set(name, who);
          if (index % 4 === 3) sentOn.push(name);
        }
        // A steady stream rather than a flood: the buyers' HBAR lasts.
        await new Promise((resolve) => setTimeout(resolve, TRAFFIC_PAUSE_MS));
      }
      await this.allDelivered();
      const resold = `${run}t1.hbar`;
      const expired = await fetch(`${server().origin}/ledger/domain-expiry`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          domainName: resold,
          expiresAt: new Date(Date.now() - 400 * DAY_MS).toISOString(),
        }),
      });
      if (!expired.ok) throw new Error(`domain-expiry answered ${expired.status}`);
      // The release sweep takes its NFT back; then another buyer buys it.
      await waitFor(async () => !(await ledger.nftHolders(collection)).has(resold), 60_000);
      const next = buyers[2]!;
      const quote = await registry().quote(cookieOf(next), buy(resold));
      deliveredPayments.push(mirrorId(await chain.pay(next, quote)));
      holderOf.set(resold, next);
      await this.allDelivered();
      for (const name of sentOn) {
        const serial = (await resolveOn(server(), [name]))[name]!.serialNo!;
        await chain.sendNft(holderOf.get(name)!, collection, serial, friend.accountId);
        holderOf.set(name, friend);
      }
      return { resold, sentOn };
    },

    async allDelivered() {
      await waitFor(async () => {
        const held = (await Promise.all(buyers.map((each) => deliveredTo(each)))).flatMap((each) => [
          ...each,
        ]);
        return [...holderOf.entries()]
          .filter(([, holder]) => holder !== friend)
          .every(([name]) => held.includes(name));
      }, 120_000);
    },

    /** Refunds done, transfers followed, every change on the journal topic. */
    async settled() {
      await waitFor(async () => {
        const refunded = await this.refunds();
        return shortPayments.every((payment) => refunded.includes(payment));
      }, 60_000);
      await waitFor(async () => {
        const answers = await resolveOn(server(), sentOn);
        return sentOn.every((name) => answers[name]?.accountId === friend.accountId);
      }, 60_000);
      await waitFor(async () => (await journalOn(server())).unsent === 0, 60_000);
    },

    refunds: async () => (await Promise.all(buyers.map((each) => refundsTo(ledger, each)))).flat(),

    /** Read from the ledger: one live NFT per name, held by its rightful holder; each payment once. */
    async ledgerAgrees() {
      const holders = await ledger.nftHolders(collection);
      const wrong = [...holderOf.entries()].filter(
        ([name, holder]) => JSON.stringify(holders.get(name)) !== JSON.stringify([holder.accountId]),
      );
      const refunds = await this.refunds();
      return {
        names: holderOf.size,
        liveNfts: [...holders.values()].reduce((sum, each) => sum + each.length, 0),
        wrongHolders: wrong.map(([name]) => name),
        shortRefundedOnce: shortPayments.filter(
          (payment) => refunds.filter((each) => each === payment).length === 1,
        ).length,
        deliveredRefunded: deliveredPayments.filter((payment) => refunds.includes(payment)).length,
        refunds: refunds.length,
      };
    },
  };
}
export type Drill = Awaited<ReturnType<typeof openDrill>>;
