import {
  Hbar,
  NftId,
  TokenAssociateTransaction,
  TokenId,
  TransferTransaction,
  type Client,
} from '@hashgraph/sdk';
import { DELIVERED_STATUS, type QuoteResponse } from '@registry/contracts/orders';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/build-app';
import { hederaNodes } from '../../config';
import { openDatabase, type Database } from '../../db/database';
import { startLocalLedgerProcess, type LocalLedgerProcess } from '../../testing/local-ledger-process';
import { testConfig } from '../../testing/test-config';
import { HederaLedgerWriter } from './hedera-ledger-writer';

/**
 * The registry as it runs on testnet (LEDGER=hedera: the SDK's client over gRPC, the mirror node's
 * REST), pointed at `npx local-ledger` in a process of its own: no shortcut into the ledger's state.
 */
describe('the registry on a Hedera network over gRPC', () => {
  let ledger: LocalLedgerProcess;
  let database: Database;
  let writer: HederaLedgerWriter;
  let app: FastifyInstance;
  let registry: LedgerClient;
  let faucet: LedgerClient;
  /** The .hbar collection the registry made on the network at its first sale. */
  let collection: string;

  beforeAll(async () => {
    // Two consensus nodes, so that one may go down while the other takes transactions.
    ledger = await startLocalLedgerProcess({ nodes: 2 });
    faucet = new LedgerClient(ledger.origin);
    const operator = await faucet.openAccount();
    const nodes = Object.entries(ledger.nodes)
      .map(([address, id]) => `${address}=${id}`)
      .join(',');
    const config = testConfig({
      LEDGER: 'hedera',
      HEDERA_NETWORK: 'local',
      HEDERA_NODES: nodes,
      HEDERA_OPERATOR_ID: operator.accountId,
      HEDERA_OPERATOR_KEY: operator.privateKey.toStringDer(),
      MIRROR_NODE_URL: `${ledger.origin}/ledger`,
      FIXED_USD_PER_HBAR: '1',
      // Fifty buyers sign in from this one address.
      RATE_LIMIT_SIGN_IN: '1000',
      RATE_LIMIT_SEARCH: '10000',
      APPS_ROOT: '/nonexistent',
    });
    database = await openDatabase({ engine: 'pglite', dataDir: null });
    writer = new HederaLedgerWriter(
      hederaNodes(config)!,
      operator.accountId,
      operator.privateKey.toStringDer(),
    );
    app = await buildApp({ config, database, hederaWriter: writer });
    registry = new LedgerClient(await app.listen({ port: 0, host: '127.0.0.1' }));
    app.jobWorker!.start(200);
    app.ledgerWatcher!.start(250);
  }, 120_000);

  afterAll(async () => {
    app?.server.closeAllConnections();
    await app?.close();
    writer?.close();
    await database?.close();
    await ledger?.stop();
  });

  /** A wallet on that network: an account from its faucet, paying over gRPC with the SDK. */
  async function wallet() {
    const account = await faucet.openAccount();
    const client = ledger.clientFor(account.accountId, account.privateKey);
    return { account, client, cookie: await registry.signIn(account) };
  }

  async function pay(
    buyer: { account: LedgerAccount; client: Client },
    quote: QuoteResponse,
    tinybars = BigInt(quote.amountTinybars),
  ) {
    const response = await new TransferTransaction()
      .addHbarTransfer(buyer.account.accountId, Hbar.fromTinybars((-tinybars).toString()))
      .addHbarTransfer(quote.treasuryAccountId, Hbar.fromTinybars(tinybars.toString()))
      .setTransactionMemo(quote.memo)
      .execute(buyer.client);
    expect((await response.getReceipt(buyer.client)).status.toString()).toBe('SUCCESS');
    return response.transactionId.toString();
  }

  async function associate(buyer: { account: LedgerAccount; client: Client }, tokenId: string) {
    const association = await (
      await new TokenAssociateTransaction()
        .setAccountId(buyer.account.accountId)
        .setTokenIds([tokenId])
        .freezeWith(buyer.client)
        .sign(buyer.account.privateKey)
    ).execute(buyer.client);
    expect((await association.getReceipt(buyer.client)).status.toString()).toBe('SUCCESS');
  }

  const statusOf = async (cookie: string, name: string) =>
    (await registry.domainsOf(cookie)).find((domain) => domain.itemName === name)?.status;

  it('sells a name: paid over gRPC, its collection created and minted over gRPC, delivered once associated', async () => {
    const buyer = await wallet();
    try {
      const name = `grpc${Date.now().toString(36)}.hbar`;
      const quote = await registry.quote(buyer.cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
      const confirmed = await registry.confirm(buyer.cookie, quote.orderId, await pay(buyer, quote));
      expect(confirmed.resData?.[0]?.itemName).toBe(name);

      // The registry made the .hbar collection on the network; the buyer holds none yet, so it waits.
      const tokenId = await waitForValue(() => registry.collectionOf(buyer.cookie, name));
      collection = tokenId;
      await associate(buyer, tokenId);
      await fetch(`${registryOrigin()}/api/orders/deliveries`, {
        method: 'POST',
        headers: { cookie: buyer.cookie },
      });
      await waitForValue(async () =>
        (await statusOf(buyer.cookie, name)) === DELIVERED_STATUS ? true : null,
      );

      const nfts = (await (await fetch(`${ledger.origin}/ledger/api/v1/tokens/${tokenId}/nfts`)).json()) as {
        nfts: { account_id: string; metadata: string }[];
      };
      const minted = nfts.nfts.filter((nft) => Buffer.from(nft.metadata, 'base64').toString() === name);
      expect(minted).toEqual([expect.objectContaining({ account_id: buyer.account.accountId })]);
    } finally {
      buyer.client.close();
    }
  }, 120_000);

  it('settles a payment no page confirmed and refunds a short one, both over gRPC', async () => {
    const buyer = await wallet();
    try {
      await associate(buyer, collection);
      const quoteOf = (name: string) =>
        registry.quote(buyer.cookie, {
          kind: 'domains',
          items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
        });
      const paidName = `grpcw${Date.now().toString(36)}.hbar`;
      await pay(buyer, await quoteOf(paidName));
      const shortQuote = await quoteOf(`grpcs${Date.now().toString(36)}.hbar`);
      const shortPayment = await pay(buyer, shortQuote, BigInt(shortQuote.amountTinybars) / 2n);

      // The watcher reads both from the mirror REST: the first is kept and its name delivered…
      await waitForValue(async () =>
        (await statusOf(buyer.cookie, paidName)) === DELIVERED_STATUS ? true : null,
      );
      // …the second is sent back, once.
      const refundMemo = `refund ${shortPayment.replace('@', '-').replace(/\.(\d+)$/, '-$1')}`;
      const refunds = async () => {
        const { transactions } = (await (
          await fetch(
            `${ledger.origin}/ledger/api/v1/transactions?account.id=${buyer.account.accountId}&limit=100`,
          )
        ).json()) as { transactions: { memo_base64: string; result: string }[] };
        return transactions.filter(
          (each) =>
            each.result === 'SUCCESS' && Buffer.from(each.memo_base64, 'base64').toString() === refundMemo,
        ).length;
      };
      await waitForValue(async () => ((await refunds()) > 0 ? true : null));
      expect(await refunds()).toBe(1);
    } finally {
      buyer.client.close();
    }
  }, 120_000);

  it('follows an NFT sent from one wallet to another over gRPC: the name moves to its new holder', async () => {
    const alice = await wallet();
    const bob = await wallet();
    try {
      await associate(alice, collection);
      await associate(bob, collection);
      const name = `grpcf${Date.now().toString(36)}.hbar`;
      await pay(
        alice,
        await registry.quote(alice.cookie, {
          kind: 'domains',
          items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
        }),
      );
      await waitForValue(async () =>
        (await statusOf(alice.cookie, name)) === DELIVERED_STATUS ? true : null,
      );
      const { nfts } = (await (
        await fetch(`${ledger.origin}/ledger/api/v1/accounts/${alice.account.accountId}/nfts?limit=100`)
      ).json()) as { nfts: { serial_number: number; metadata: string }[] };
      const serial = nfts.find(
        (nft) => Buffer.from(nft.metadata, 'base64').toString() === name,
      )!.serial_number;
      const sent = await new TransferTransaction()
        .addNftTransfer(
          new NftId(TokenId.fromString(collection), serial),
          alice.account.accountId,
          bob.account.accountId,
        )
        .freezeWith(alice.client)
        .execute(alice.client);
      expect((await sent.getReceipt(alice.client)).status.toString()).toBe('SUCCESS');

      await waitForValue(async () => ((await statusOf(bob.cookie, name)) !== undefined ? true : null));
      expect(await statusOf(alice.cookie, name)).toBeUndefined();
      // The former holder can no longer pay to manage it; the new one can.
      await expect(
        registry.quote(alice.cookie, { kind: 'extend', itemName: name, months: 12 }),
      ).rejects.toThrow(/404/);
      expect(
        (await registry.quote(bob.cookie, { kind: 'extend', itemName: name, months: 12 })).orderId,
      ).toBeTruthy();
    } finally {
      alice.client.close();
      bob.client.close();
    }
  }, 120_000);

  /** Faults the network shows over gRPC until told otherwise (`POST /ledger/control`). */
  const control = async (body: object) =>
    (await (
      await fetch(`${ledger.origin}/ledger/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { busy: number; receiptsUnknownMs: number; nodesDown: string[] };

  /** Every name held once, by its own buyer, and no payment of theirs sent back. */
  async function expectDeliveredOnce(names: string[], buyers: { account: LedgerAccount }[]) {
    const holders = await ledger.nftHolders(collection);
    names.forEach((name, index) =>
      expect(holders.get(name), name).toEqual([buyers[index]!.account.accountId]),
    );
    for (const [index, buyer] of buyers.entries()) {
      const { transactions } = (await (
        await fetch(
          `${ledger.origin}/ledger/api/v1/transactions?account.id=${buyer.account.accountId}&limit=100`,
        )
      ).json()) as { transactions: { memo_base64: string }[] };
      const refunds = transactions.filter((each) =>
        Buffer.from(each.memo_base64, 'base64').toString().startsWith('refund'),
      );
      expect(refunds, names[index]).toEqual([]);
    }
  }

  it('carries 50 purchases no page confirmed through BUSY answers and unknown receipts: 50 delivered, one NFT each', async () => {
    const buyers = await inBatches(
      Array.from({ length: 50 }, (_, index) => index),
      10,
      async () => {
        const buyer = await wallet();
        await associate(buyer, collection);
        return buyer;
      },
    );
    const run = Date.now().toString(36);
    const buy = async (index: number) => {
      const name = `load${run}n${index}.hbar`;
      const quote = await registry.quote(buyers[index]!.cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
      await pay(buyers[index]!, quote);
      return name;
    };
    try {
      // The network answers BUSY to the next 5 submissions (buyers' payments, the registry's mints and
      // deliveries) while 25 pay…
      expect(await control({ busy: 5 })).toMatchObject({ busy: 5 });
      const names = await inBatches(
        Array.from({ length: 25 }, (_, index) => index),
        10,
        buy,
      );
      // …then 5 more, with receipts UNKNOWN for 10 s, while 25 more pay and the first are minted.
      const faults = await control({ busy: 5, receiptsUnknown: 10 });
      expect(faults.receiptsUnknownMs).toBeGreaterThan(9_000);
      names.push(
        ...(await inBatches(
          Array.from({ length: 25 }, (_, index) => 25 + index),
          10,
          buy,
        )),
      );

      await waitForValue(async () => {
        const statuses = await Promise.all(names.map((name, index) => statusOf(buyers[index]!.cookie, name)));
        return statuses.every((status) => status === DELIVERED_STATUS) ? true : null;
      }, 180_000);

      expect((await control({})).busy).toBe(0);
      await expectDeliveredOnce(names, buyers);
    } finally {
      await control({ busy: 0, receiptsUnknown: 0 });
      for (const buyer of buyers) buyer.client.close();
    }
  }, 300_000);

  it('carries purchases through a node that is down, then through the whole network down for 3 s: each name delivered once', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const buyer = await wallet();
        await associate(buyer, collection);
        return buyer;
      }),
    );
    const run = Date.now().toString(36);
    const buy = async (index: number) => {
      const name = `down${run}n${index}.hbar`;
      const quote = await registry.quote(buyers[index]!.cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
      });
      await pay(buyers[index]!, quote);
      return name;
    };
    try {
      // Node 0.0.3 stops answering: the buyers' SDK clients and the registry's go to 0.0.4.
      expect(await control({ nodeDown: '0.0.3' })).toMatchObject({ nodesDown: ['0.0.3'] });
      const names = await Promise.all([0, 1, 2, 3, 4].map(buy));
      // Then no node answers, as the registry's watcher finds those payments and mints for them…
      expect(await control({ nodeDown: '0.0.4' })).toMatchObject({ nodesDown: ['0.0.3', '0.0.4'] });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      // …and both are back: the jobs tried again carry every mint and delivery through.
      await control({ nodeUp: '0.0.3' });
      expect(await control({ nodeUp: '0.0.4' })).toMatchObject({ nodesDown: [] });
      names.push(...(await Promise.all([5, 6, 7, 8, 9].map(buy))));

      await waitForValue(async () => {
        const statuses = await Promise.all(names.map((name, index) => statusOf(buyers[index]!.cookie, name)));
        return statuses.every((status) => status === DELIVERED_STATUS) ? true : null;
      }, 120_000);
      await expectDeliveredOnce(names, buyers);
    } finally {
      await control({ nodeUp: '0.0.3' });
      await control({ nodeUp: '0.0.4' });
      for (const buyer of buyers) buyer.client.close();
    }
  }, 240_000);

  const registryOrigin = () => {
    const address = app.server.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  };
});

/** Polls until `read` answers something other than null (60 s at most, or `timeoutMs`). */
async function waitForValue<T>(read: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `work` for each item, `size` at a time, answers in the items' order. */
async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size)
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return results;
}
