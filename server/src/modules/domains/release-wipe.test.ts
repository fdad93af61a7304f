import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 30;

/**
 * One live NFT per registered name, none for a released one: when a name's grace period is over, its
 * NFT is wiped from whoever holds it then, once however many servers sweep, and a later buyer gets a
 * new serial.
 */
describe.each(engineCases)('a released name leaves no live NFT behind, on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000', GRACE_PERIOD_DAYS: String(GRACE_DAYS) });
    // Made as the registry makes its collections: the operator holds the wipe key.
    tokenId = await t.openCollection('hbar', { wipable: true });
  });
  afterAll(() => t.close());

  /** The name's NFTs on the ledger's mirror that are not burned or wiped: serial → holder. */
  async function liveSerials(name: string) {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/tokens/${tokenId}/nfts?limit=100`,
    });
    const { nfts } = answer.json() as {
      nfts: { serial_number: number; account_id: string | null; metadata: string; deleted: boolean }[];
    };
    return Object.fromEntries(
      nfts
        .filter((nft) => !nft.deleted && Buffer.from(nft.metadata, 'base64').toString() === name)
        .map((nft) => [nft.serial_number, nft.account_id]),
    );
  }

  /** Wipes the registry made on the ledger so far. */
  const wipes = async () => {
    const { rows } = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from ledger_transactions
      where name = 'TOKENWIPE' and result = 'SUCCESS' and payer_account = ${t.writer.operatorId}`);
    return rows[0]!.count;
  };

  const releaseNow = (name: string) => t.expire(name, new Date(Date.now() - (GRACE_DAYS + 1) * DAY));

  it('wipes the serial from whoever holds it at release, once across two servers; the next buyer gets a new one', async () => {
    const first = await t.holderOf(tokenId);
    const second = await t.holderOf(tokenId);
    const nextBuyer = await t.holderOf(tokenId);
    const bought = await t.buyDomain(first);
    const name = bought.name;
    expect(await liveSerials(name)).toEqual({ [bought.serialNo!]: first.accountId });

    // Sold on: the second wallet holds it when the name is released.
    expect((await t.sendNft(first, tokenId, bought.serialNo!, second.accountId)).status).toBe('SUCCESS');
    await t.app.ledgerWatcher!.catchUp();
    expect(await liveSerials(name)).toEqual({ [bought.serialNo!]: second.accountId });

    await releaseNow(name);
    const wipesBefore = await wipes();
    const peer = await t.startPeer([]);
    try {
      await Promise.all([t.app.releaseSweeper.round(), peer.releaseSweeper.round()]);
      await t.runQueuedJobsNow();
      await peer.releaseSweeper.round();
      await t.runQueuedJobsNow();
    } finally {
      await peer.close();
    }
    expect(await liveSerials(name)).toEqual({});
    expect(await wipes()).toBe(wipesBefore + 1);
    const secondWallet = await t.app.inject({
      method: 'GET',
      url: `/ledger/api/v1/accounts/${second.accountId}/nfts?token.id=${tokenId}`,
    });
    expect((secondWallet.json() as { nfts: unknown[] }).nfts).toEqual([]);

    const rebought = await t.buyDomain(nextBuyer, name);
    expect(rebought.serialNo).not.toBe(bought.serialNo);
    expect(await liveSerials(name)).toEqual({ [rebought.serialNo!]: nextBuyer.accountId });
    // Nothing left for a sweep to do.
    await t.app.releaseSweeper.round();
    await t.runQueuedJobsNow();
    expect(await liveSerials(name)).toEqual({ [rebought.serialNo!]: nextBuyer.accountId });
  });

  it('bought again before any sweep: the purchase takes the old serial back with it', async () => {
    const first = await t.holderOf(tokenId);
    const nextBuyer = await t.holderOf(tokenId);
    const bought = await t.buyDomain(first);
    await releaseNow(bought.name);
    const wipesBefore = await wipes();

    const rebought = await t.buyDomain(nextBuyer, bought.name);
    await t.runQueuedJobsNow();
    expect(await liveSerials(bought.name)).toEqual({ [rebought.serialNo!]: nextBuyer.accountId });
    expect(await wipes()).toBe(wipesBefore + 1);
  });
});
