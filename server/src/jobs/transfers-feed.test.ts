import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFeeds } from '../db/schema';
import { MirrorReader } from '../ledger/mirror-reader';
import { followNfts } from '../modules/domains/repo';
import { injectFetch } from '../plugins/inject-fetch';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../testing/test-app';
import { createFeedLeases } from './feed-leases';
import { LedgerWatcher, TRANSFERS_FEED } from './ledger-watcher';

describe.each(engineCases)("the network's transfers feed on $engine", ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    // The sweep is off: whatever follows a transfer here is the feed.
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000', HOLDER_SWEEP: 'false' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  const holder = () => t.holderOf(tokenId);
  const get = (url: string, who?: SignedIn) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const namesOf = async (who: SignedIn) =>
    ((await get('/api/my/domains', who)).json() as { domains: Array<{ itemName: string }> }).domains.map(
      (domain) => domain.itemName,
    );
  const ownerOf = async (name: string) =>
    ((await get(`/api/resolve/${name}`)).json() as { accountId?: string }).accountId;

  /**
   * A watcher of its own on the app's database and ledger, whose mirror can be taken down, counting
   * the transfer pages it read: another server, as far as the feed's lease knows.
   */
  function ownWatcher() {
    const mirror = new MirrorReader('http://local-ledger/ledger', injectFetch(t.app));
    const state = { down: false, transferPages: 0, moved: 0 };
    const failWhileDown =
      <A extends unknown[], R>(read: (...args: A) => Promise<R>) =>
      async (...args: A) => {
        if (state.down) throw new LedgerUnavailableError();
        return read(...args);
      };
    const watcher = new LedgerWatcher({
      leases: createFeedLeases(t.database.db, { leaseMs: 1000 }),
      mirror: {
        transactionsPage: failWhileDown((from) => mirror.transactionsPage(from)),
        tokenNftsPage: failWhileDown((from) => mirror.tokenNftsPage(from)),
        networkTransfersPage: failWhileDown((from) => {
          state.transferPages += 1;
          return mirror.networkTransfersPage(from);
        }),
      },
      treasuryAccountId: t.writer.operatorId,
      takePayment: async () => ({ taking: 'not-a-payment', jobKeys: [] }),
      collections: async () => [tokenId],
      followNfts: async () => [],
      followTransfers: async (token, moves) => {
        const moved = await followNfts(t.database.db, token, moves, new Date());
        state.moved += moved.length;
        return moved;
      },
      sweep: { enabled: false, passMs: 0, pageMs: 0 },
      kickJobs: () => undefined,
    });
    return { watcher, state };
  }

  it('a name sent outside the product reaches the lists, the resolver and reverse look-ups through the feed alone', async () => {
    const [alice, bob] = [await holder(), await holder()];
    const bought = await t.buyDomain(alice, t.uniqueName());
    const primary = await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: alice.cookie },
      payload: { name: bought.name },
    });
    expect(primary.statusCode).toBe(200);
    expect((await get(`/api/reverse/${alice.accountId}`)).json()).toMatchObject({ name: bought.name });
    expect((await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId)).status).toBe('SUCCESS');
    await t.app.ledgerWatcher!.catchUp();

    // The resolver and reverse look-ups first: loading a list reads the account's NFTs itself.
    expect(await ownerOf(bought.name)).toBe(bob.accountId);
    // Alice's primary name is no longer hers: her account no longer resolves to it.
    expect((await get(`/api/reverse/${alice.accountId}`)).statusCode).toBe(404);
    expect(await namesOf(bob)).toContain(bought.name);
    expect(await namesOf(alice)).not.toContain(bought.name);
  });

  it('a name sent on twice before the feed reads ends with its last receiver; other transfers are passed over', async () => {
    const [alice, bob, carol] = [await holder(), await holder(), await holder()];
    const bought = await t.buyDomain(alice, t.uniqueName());
    await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId);
    // HBAR moving between unrelated accounts is on the same feed, and changes nothing here.
    await t.writer.transferHbar(alice.accountId, alice.key, carol.accountId, 1n);
    await t.sendNft(bob, bought.tokenId!, bought.serialNo!, carol.accountId);
    await t.app.ledgerWatcher!.catchUp();
    expect(await ownerOf(bought.name)).toBe(carol.accountId);
    expect(await namesOf(carol)).toContain(bought.name);
    expect(await namesOf(bob)).not.toContain(bought.name);
  });

  it('My Domains shows a name just received before the feed has run, and a name sent away is off the sender’s next list', async () => {
    const [alice, bob, carol] = [await holder(), await holder(), await holder()];
    const [first, second] = [
      await t.buyDomain(alice, t.uniqueName()),
      await t.buyDomain(alice, t.uniqueName()),
    ];
    await t.sendNft(alice, first.tokenId!, first.serialNo!, bob.accountId);
    await t.sendNft(alice, second.tokenId!, second.serialNo!, carol.accountId);
    // No watcher round has run: the resolver still has the old holder.
    expect(await ownerOf(first.name)).toBe(alice.accountId);

    expect(await namesOf(bob)).toContain(first.name);
    const alices = await namesOf(alice);
    expect(alices).not.toContain(first.name);
    expect(alices).not.toContain(second.name);
    expect(await ownerOf(second.name)).toBe(carol.accountId);
    expect(await namesOf(carol)).toContain(second.name);
  });

  it('one server reads the feed at a time; another takes it over at its cursor, reading nothing twice', async () => {
    await t.app.ledgerWatcher!.stop();
    const first = ownWatcher();
    const second = ownWatcher();
    const [alice, bob] = [await holder(), await holder()];
    const bought = await t.buyDomain(alice, t.uniqueName());
    await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId);
    await first.watcher.catchUp();
    await second.watcher.catchUp();
    expect(first.state.transferPages).toBeGreaterThan(0);
    expect(second.state.transferPages).toBe(0);
    expect(await ownerOf(bought.name)).toBe(bob.accountId);

    // The first server stops: the second takes the feed where the first left it.
    const [cursor] = await t.database.db
      .select()
      .from(ledgerFeeds)
      .where(eq(ledgerFeeds.name, TRANSFERS_FEED));
    await first.watcher.stop();
    await t.sendNft(bob, bought.tokenId!, bought.serialNo!, alice.accountId);
    await second.watcher.catchUp();
    expect(await ownerOf(bought.name)).toBe(alice.accountId);
    expect(second.state.moved).toBe(1);
    const [after] = await t.database.db
      .select()
      .from(ledgerFeeds)
      .where(eq(ledgerFeeds.name, TRANSFERS_FEED));
    expect(after!.cursor > cursor!.cursor).toBe(true);
    await second.watcher.stop();
  });

  it('a mirror outage in the middle of transfers is caught up in order when it answers again, each move once', async () => {
    await t.app.ledgerWatcher!.stop();
    const { watcher, state } = ownWatcher();
    const [alice, bob, carol] = [await holder(), await holder(), await holder()];
    const names = [await t.buyDomain(alice, t.uniqueName()), await t.buyDomain(alice, t.uniqueName())];
    await watcher.catchUp();
    const movedBefore = state.moved;

    state.down = true;
    // Rounds fail (the guard backs off) while transfers go on on the ledger.
    await t.sendNft(alice, names[0]!.tokenId!, names[0]!.serialNo!, bob.accountId);
    await watcher.tick();
    await t.sendNft(bob, names[0]!.tokenId!, names[0]!.serialNo!, carol.accountId);
    await t.sendNft(alice, names[1]!.tokenId!, names[1]!.serialNo!, bob.accountId);
    await watcher.tick();
    expect(await ownerOf(names[0]!.name)).toBe(alice.accountId);

    state.down = false;
    await watcher.catchUp();
    expect(await ownerOf(names[0]!.name)).toBe(carol.accountId);
    expect(await ownerOf(names[1]!.name)).toBe(bob.accountId);
    // Two names moved (the first once, to its last receiver); reading on moves nothing again.
    expect(state.moved - movedBefore).toBe(2);
    await watcher.catchUp();
    expect(state.moved - movedBefore).toBe(2);
    await watcher.stop();
  });
});

describe('the holder sweep behind the transfers feed', () => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SIGN_IN: '1000' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  const drift = async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^ledger_watcher_drift_total (\d+)$/m.exec(metrics)?.[1]);
  };

  it('corrects nothing while the feed follows every transfer, and counts as drift what no transfer shows', async () => {
    const alice = await t.holderOf(tokenId);
    const bob = await t.holderOf(tokenId);
    const bought = await t.buyDomain(alice, t.uniqueName());
    await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId);
    await t.app.ledgerWatcher!.catchUp();
    expect(await drift()).toBe(0);

    // The holder gives the NFT back to the treasury, which burns it: a burn is not a transfer.
    await t.sendNft(bob, bought.tokenId!, bought.serialNo!, t.writer.operatorId);
    await t.app.ledgerWatcher!.catchUp();
    await t.writer.burn(bought.tokenId!, [bought.serialNo!]);
    await t.app.ledgerWatcher!.catchUp();
    expect(await drift()).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/resolve/${bought.name}` })).statusCode).toBe(404);
  });
});

describe("My Domains' reads of the ledger", () => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, {
      RATE_LIMIT_SIGN_IN: '1000',
      HOLDER_SWEEP: 'false',
      RATE_LIMIT_HOLDER_REFRESH: '1',
    });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  it('are bounded per account and minute: past the limit the list answers from its rows', async () => {
    const [alice, bob] = [await t.holderOf(tokenId), await t.holderOf(tokenId)];
    const names = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/my/domains', headers: { cookie: bob.cookie } })
        ).json() as { domains: Array<{ itemName: string }> }
      ).domains.map((domain) => domain.itemName);
    expect(await names()).toEqual([]);
    const bought = await t.buyDomain(alice, t.uniqueName());
    await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId);
    // The minute's one read is spent: the rows stand until the feed moves the name.
    expect(await names()).not.toContain(bought.name);
    await t.app.ledgerWatcher!.catchUp();
    expect(await names()).toContain(bought.name);
  });
});
