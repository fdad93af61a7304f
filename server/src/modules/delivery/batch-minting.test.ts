import { TokenMintTransaction, Transaction, TransferTransaction } from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { domains, jobs, tlds } from '../../db/schema';
import { injectFetch } from '../../plugins/inject-fetch';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import { MirrorReader } from '../../ledger/mirror-reader';
import * as domainRepo from '../domains/repo';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';
import { createJobQueue, JobWorker } from '../../jobs/job-queue';
import { createOrderRecords } from '../orders/service';
import { createTldService } from '../tlds/service';
import { createDeliveryService } from './service';
import { MINT_BATCH } from './payloads';

/** A writer whose answer is lost after the ledger took the transaction: the server died right then. */
function losingAnswers(writer: LedgerWriter, lose: (transaction: Transaction) => boolean): LedgerWriter {
  return {
    operatorId: writer.operatorId,
    operatorPublicKey: writer.operatorPublicKey,
    prepare: (transaction) => writer.prepare(transaction),
    async submit(bytes) {
      const receipt = await writer.submit(bytes);
      if (lose(Transaction.fromBytes(bytes))) throw new Error('connection lost after submission');
      return receipt;
    },
  };
}

describe.each(engineCases)('minting paid names in batches on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeEach(async () => {
    t = await startTestApp(open, {}, { jobsAfterPayment: false });
    tokenId = await t.writer.createNftCollection('hbar domains', 'HBAR');
    await t.database.db.update(tlds).set({ tokenId }).where(eq(tlds.name, 'hbar'));
  });
  afterEach(() => t.close());

  /** A job worker of the server's kind, with one lane, over this app's database and ledger. */
  function worker(writer: LedgerWriter = t.writer) {
    const { db } = t.database;
    const handlers = createDeliveryService({
      db,
      writer,
      mirror: new MirrorReader('http://local-ledger/ledger', injectFetch(t.app)),
      domains: {
        byIds: (ids) => domainRepo.domainsByIds(db, ids),
        markMinted: async (collection, minted) => {
          await domainRepo.markMinted(db, collection, minted);
        },
        markDelivered: (ids) => domainRepo.markStatus(db, ids, DELIVERED_STATUS),
        markNftGone: async (tokenId, serialNo) => {
          await domainRepo.markNftGone(db, tokenId, serialNo);
        },
        exists: async (name) => Boolean(await domainRepo.findDomain(db, name)),
      },
      queue: createJobQueue(db),
      tlds: createTldService(db, { cacheMs: 0 }),
      orders: createOrderRecords(db),
    }).handlers;
    return new JobWorker(createJobQueue(db), handlers, () => undefined, Date.now, 1);
  }

  async function buyNames(buyer: SignedIn, count: number) {
    const names = Array.from({ length: count }, () => t.uniqueName());
    for (const name of names)
      await t.purchase(buyer, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
    return names;
  }

  /** Jobs put back to wait become due now (time passing). */
  const makeJobsDue = () => t.database.db.update(jobs).set({ runAfter: new Date(0) });

  async function operatorTransactions(kind: string) {
    const { rows } = await t.database.db.execute<{ count: number }>(sql`
      select count(*)::int as count from ledger_transactions
      where name = ${kind} and payer_account = ${t.writer.operatorId} and result = 'SUCCESS'`);
    return rows[0]!.count;
  }

  /** Each domain's NFT: how many the collection holds with its name, and who holds the domain's serial. */
  async function nftsOf(names: string[]) {
    const { rows } = await t.database.db.execute<{
      name: string;
      status: number;
      copies: number;
      serial_name: string | null;
      holder: string | null;
    }>(sql`
      select d.name, d.status,
        (select count(*)::int from ledger_nfts n
          where n.token_id = ${tokenId} and n.metadata = encode(convert_to(d.name, 'UTF8'), 'base64')) as copies,
        convert_from(decode(s.metadata, 'base64'), 'UTF8') as serial_name, s.owner_account as holder
      from domains d
      left join ledger_nfts s on s.token_id = d.token_id and s.serial_number = d.serial_no
      where d.name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      order by d.name`);
    return rows;
  }

  it('mints several buyers’ names in one transaction and delivers the associated ones in one transfer', async () => {
    const [first, second, unassociated] = [await t.signIn(), await t.signIn(), await t.signIn()];
    await t.writer.associate(first.accountId, first.key, tokenId);
    await t.writer.associate(second.accountId, second.key, tokenId);
    const firstNames = await buyNames(first, 4);
    const secondNames = await buyNames(second, 4);
    const waitingNames = await buyNames(unassociated, 4);
    const mintsBefore = await operatorTransactions('TOKENMINT');
    const transfersBefore = await operatorTransactions('CRYPTOTRANSFER');

    await worker().kick();

    // Twelve names: a mint of MINT_BATCH (ten) and one of two; the eight associated names in one transfer.
    expect(Math.ceil(12 / MINT_BATCH)).toBe(2);
    expect(await operatorTransactions('TOKENMINT')).toBe(mintsBefore + 2);
    expect(await operatorTransactions('CRYPTOTRANSFER')).toBe(transfersBefore + 1);
    const holderOf = { [first.accountId]: first, [second.accountId]: second };
    for (const row of await nftsOf([...firstNames, ...secondNames])) {
      expect(row).toMatchObject({ status: DELIVERED_STATUS, copies: 1, serial_name: row.name });
      expect(holderOf[row.holder!]).toBeDefined();
    }
    expect(
      (await nftsOf(firstNames)).every((row) => row.holder === first.accountId) &&
        (await nftsOf(secondNames)).every((row) => row.holder === second.accountId),
    ).toBe(true);
    // Minted, waiting in the treasury for the buyer's association, the job put back to wait.
    for (const row of await nftsOf(waitingNames))
      expect(row).toMatchObject({ status: 1, copies: 1, serial_name: row.name, holder: t.writer.operatorId });
    const waiting = await t.database.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(waiting).toHaveLength(4);
    expect(waiting.every((job) => job.lastError?.includes('has not associated'))).toBe(true);

    await t.writer.associate(unassociated.accountId, unassociated.key, tokenId);
    await makeJobsDue();
    await worker().kick();
    for (const row of await nftsOf(waitingNames))
      expect(row).toMatchObject({ status: DELIVERED_STATUS, copies: 1, holder: unassociated.accountId });
    expect(await operatorTransactions('TOKENMINT')).toBe(mintsBefore + 2);
    expect(await operatorTransactions('CRYPTOTRANSFER')).toBe(transfersBefore + 2);
  });

  it('mints and delivers each name once when the server dies after the shared mint, then after the shared transfer', async () => {
    const buyer = await t.signIn();
    const other = await t.signIn();
    for (const holder of [buyer, other]) await t.writer.associate(holder.accountId, holder.key, tokenId);
    const names = [...(await buyNames(buyer, 3)), ...(await buyNames(other, 3))];
    const mintsBefore = await operatorTransactions('TOKENMINT');
    const transfersBefore = await operatorTransactions('CRYPTOTRANSFER');

    // The mint reaches the ledger, its answer is lost: nothing is recorded, the jobs wait for a retry.
    await worker(losingAnswers(t.writer, (tx) => tx instanceof TokenMintTransaction)).kick();
    expect(await operatorTransactions('TOKENMINT')).toBe(mintsBefore + 1);
    expect((await nftsOf(names)).every((row) => row.holder === null && row.copies === 1)).toBe(true);
    const afterMint = await t.database.db.select().from(jobs);
    expect(afterMint.map((job) => job.status)).toEqual(Array(6).fill('queued'));
    // Every job keeps the one shared mint and its own place in it.
    const mints = afterMint.map(
      (job) => (job.payload as { mint: { transactionId: string; index: number } }).mint,
    );
    expect(new Set(mints.map((mint) => mint.transactionId)).size).toBe(1);
    expect(mints.map((mint) => mint.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);

    // Restarted: the mint is found on the ledger, not made again; the transfer's answer is lost in turn.
    await makeJobsDue();
    await worker(losingAnswers(t.writer, (tx) => tx instanceof TransferTransaction)).kick();
    expect(await operatorTransactions('TOKENMINT')).toBe(mintsBefore + 1);
    expect(await operatorTransactions('CRYPTOTRANSFER')).toBe(transfersBefore + 1);
    expect((await nftsOf(names)).every((row) => row.status === 1 && row.serial_name === row.name)).toBe(true);

    await makeJobsDue();
    await worker().kick();
    expect(await operatorTransactions('TOKENMINT')).toBe(mintsBefore + 1);
    expect(await operatorTransactions('CRYPTOTRANSFER')).toBe(transfersBefore + 1);
    const delivered = await nftsOf(names);
    expect(delivered).toHaveLength(6);
    for (const row of delivered) {
      const owner = (await t.database.db.select().from(domains).where(eq(domains.name, row.name)))[0]!
        .ownerAccount;
      expect(row).toMatchObject({
        status: DELIVERED_STATUS,
        copies: 1,
        serial_name: row.name,
        holder: owner,
      });
    }
    expect((await t.database.db.select().from(jobs)).every((job) => job.status === 'done')).toBe(true);
  });
});
