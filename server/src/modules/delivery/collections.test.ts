import { TokenCreateTransaction, TokenType } from '@hashgraph/sdk';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { injectFetch } from '../../plugins/inject-fetch';
import { MirrorReader } from '../../ledger/mirror-reader';
import { createTldService } from '../tlds/service';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';
import { RetryLater } from '../../jobs/job-queue';
import { createCollections } from './collections';
import { createSubmitOnce } from './submit-once';

/**
 * Servers starting together on an empty network each need the .hbar collection for their first mint:
 * the network gets one collection, whichever server submits it.
 */
describe.each(engineCases)('the first collection of a domain, across servers, on $engine', ({ open }) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp(open, {}, { jobsAfterPayment: false });
  });
  afterEach(() => t.close());

  /** What one server holds: its own in-process memory of collections, on the shared database. */
  function server() {
    const mirror = new MirrorReader('http://local-ledger/ledger', injectFetch(t.app));
    const collectionOf = createCollections(
      t.writer,
      createTldService(t.database.db, { cacheMs: 0 }),
      createSubmitOnce(t.writer, mirror),
    );
    // As a job would: put back and tried again while the other server's transaction is on its way.
    return async (tld: string) => {
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await collectionOf(tld);
        } catch (error) {
          if (!(error instanceof RetryLater) || attempt > 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
  }

  const collectionsCreated = async () => {
    const { rows } = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from ledger_transactions
      where name = 'TOKENCREATION' and payer_account = ${t.writer.operatorId} and result = 'SUCCESS'`);
    return rows[0]!.count;
  };

  it('creates one collection when three servers ask at once, with supply and wipe keys held by the operator', async () => {
    const before = await collectionsCreated();
    const answers = await Promise.all([server()('hbar'), server()('hbar'), server()('hbar')]);
    expect(new Set(answers).size).toBe(1);
    expect(await collectionsCreated()).toBe(before + 1);
    const token = (await (
      await t.app.inject({ method: 'GET', url: `/ledger/api/v1/tokens/${answers[0]}` })
    ).json()) as { wipe_key: { key: string } | null; supply_key: { key: string } };
    expect(token.supply_key.key).toBe(t.writer.operatorPublicKey.toStringRaw());
    expect(token.wipe_key?.key).toBe(t.writer.operatorPublicKey.toStringRaw());
    // A restart finds it: asked again, nothing new is made.
    expect(await server()('hbar')).toBe(answers[0]);
    expect(await collectionsCreated()).toBe(before + 1);
  });

  it('makes no second collection when another server records one between this one’s look and its keep', async () => {
    const before = await collectionsCreated();
    const tlds = createTldService(t.database.db, { cacheMs: 0 });
    let reachedKeep!: () => void;
    const atKeep = new Promise<void>((resolve) => (reachedKeep = resolve));
    let letKeep!: () => void;
    const keepMayGo = new Promise<void>((resolve) => (letKeep = resolve));
    // This server has looked (no collection, no creation kept) and prepared its own creation; it keeps
    // it only once the other server has created and recorded the collection.
    const late = createCollections(
      t.writer,
      {
        ...tlds,
        keepCollectionCreation: async (tld, creation) => {
          reachedKeep();
          await keepMayGo;
          return tlds.keepCollectionCreation(tld, creation);
        },
      },
      createSubmitOnce(t.writer, new MirrorReader('http://local-ledger/ledger', injectFetch(t.app))),
    );
    const lateAnswer = late('hbar');
    await atKeep;
    const first = await server()('hbar');
    letKeep();
    expect(await lateAnswer).toBe(first);
    expect(await collectionsCreated()).toBe(before + 1);
  });

  it('submits the creation another server prepared and kept before it stopped, not a second one', async () => {
    const tlds = createTldService(t.database.db, { cacheMs: 0 });
    const prepared = await t.writer.prepare(
      new TokenCreateTransaction()
        .setTokenName('hbar domains')
        .setTokenSymbol('HBAR')
        .setTokenType(TokenType.NonFungibleUnique)
        .setTreasuryAccountId(t.writer.operatorId)
        .setSupplyKey(t.writer.operatorPublicKey)
        .setWipeKey(t.writer.operatorPublicKey),
    );
    const kept = {
      bytes: Buffer.from(prepared.bytes).toString('base64'),
      transactionId: prepared.transactionId,
    };
    expect(await tlds.keepCollectionCreation('hbar', kept)).toEqual(kept);
    const before = await collectionsCreated();

    const tokenId = await server()('hbar');
    expect(await collectionsCreated()).toBe(before + 1);
    const { transactions } = (await (
      await t.app.inject({ method: 'GET', url: `/ledger/api/v1/transactions/${prepared.transactionId}` })
    ).json()) as { transactions: { entity_id: string }[] };
    expect(transactions[0]!.entity_id).toBe(tokenId);
    expect(await tlds.collectionCreation('hbar')).toBeNull();
  });
});
