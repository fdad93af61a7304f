import {
  AccountCreateTransaction,
  AccountId,
  Hbar,
  PrivateKey,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSchema } from './testing/mirror-openapi';
import { seedBuyerWithDomains } from './testing/seed-buyer';
import {
  ledgerEngineCases,
  startLedgerTestServer,
  type LedgerTestServer,
} from './testing/ledger-test-server';

describe.each(ledgerEngineCases)('local mirror routes on $engine', ({ open }) => {
  let t: LedgerTestServer;
  let buyer: { accountId: string; key: PrivateKey };
  let tokenId: string;
  let transferId: string;

  beforeAll(async () => {
    t = await startLedgerTestServer(open, { usdPerHbar: 1 });
    ({ buyer, tokenId, transferId } = await seedBuyerWithDomains(t.writer));
  });
  afterAll(() => t.close());

  const get = async (path: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/ledger${path}` });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };

  it('serves accounts/{id} with balance, tokens and key as the mirror node does', async () => {
    const { status, body } = await get(`/api/v1/accounts/${buyer.accountId}`);
    expect(status).toBe(200);
    expectSchema('AccountBalanceTransactions', body);
    expect(body.key).toEqual({ _type: 'ED25519', key: buyer.key.publicKey.toStringRaw() });
    const balance = body.balance as { balance: number; tokens: { token_id: string; balance: number }[] };
    expect(balance.tokens).toEqual([{ token_id: tokenId, balance: 3 }]);
  });

  it('writes int64 balances exactly, beyond what a JSON number holds', async () => {
    const exact = (await t.ledger.balanceTinybars('0.0.2'))!;
    expect(exact).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    const response = await t.app.inject({ method: 'GET', url: '/ledger/api/v1/accounts/0.0.2' });
    expect(response.body).toContain(`"balance":${exact},`);
  });

  it('finds an account however its id is spelled', async () => {
    const padded = buyer.accountId.replace(/(\d+)$/, (num) => `00${num}`);
    const { status, body } = await get(`/api/v1/accounts/${padded}`);
    expect(status).toBe(200);
    expect(body.account).toBe(buyer.accountId);
  });

  it('answers an account made with an EVM address alias by that address, and finds it by it', async () => {
    const key = PrivateKey.generateECDSA();
    const alias = key.publicKey.toEvmAddress().toLowerCase();
    const faucet = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      payload: { publicKey: key.publicKey.toStringDer(), evmAlias: true },
    });
    expect(faucet.statusCode).toBe(200);
    const { accountId } = faucet.json() as { accountId: string };
    const byId = await get(`/api/v1/accounts/${accountId}`);
    expectSchema('AccountBalanceTransactions', byId.body);
    expect(byId.body.evm_address).toBe(`0x${alias}`);
    expect((await get(`/api/v1/accounts/0x${alias}`)).body.account).toBe(accountId);
    expect((await get(`/api/v1/accounts/${alias.toUpperCase()}`)).body.account).toBe(accountId);

    // Without an alias the address is the long-zero form, and that form finds the account too.
    const plain = await get(`/api/v1/accounts/${buyer.accountId}`);
    const longZero = `0x${Number(buyer.accountId.split('.')[2]).toString(16).padStart(40, '0')}`;
    expect(plain.body.evm_address).toBe(longZero);
    expect((await get(`/api/v1/accounts/${longZero}`)).body.account).toBe(buyer.accountId);
    expect((await get(`/api/v1/accounts/0x${'ab'.repeat(20)}`)).status).toBe(404);
    expect((await get('/api/v1/accounts/0x12')).status).toBe(400);
  });

  it("refuses an alias other than the key's own address, one already taken, and one for an ED25519 key", async () => {
    const key = PrivateKey.generateECDSA();
    const other = PrivateKey.generateECDSA();
    const create = (alias: string, publicKey = key.publicKey) =>
      t.writer.execute(
        new AccountCreateTransaction().setKey(publicKey).setInitialBalance(new Hbar(1)).setAlias(alias),
      );
    await expect(create(other.publicKey.toEvmAddress())).rejects.toThrow(/INVALID_ALIAS_KEY/);
    expect((await create(key.publicKey.toEvmAddress())).status).toBe('SUCCESS');
    await expect(create(key.publicKey.toEvmAddress())).rejects.toThrow(/ALIAS_ALREADY_ASSIGNED/);
    const ed25519 = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      payload: { publicKey: PrivateKey.generateED25519().publicKey.toStringDer(), evmAlias: true },
    });
    expect(ed25519.statusCode).toBe(400);
  });

  it('serves balances: HBAR and tokens per account, filtered, paged, as each account answers them', async () => {
    const mine = await get(`/api/v1/balances?account.id=${buyer.accountId}`);
    expect(mine.status).toBe(200);
    expectSchema('BalancesResponse', mine.body);
    const account = (await get(`/api/v1/accounts/${buyer.accountId}`)).body as {
      balance: { balance: number };
    };
    expect(mine.body.balances).toEqual([
      {
        account: buyer.accountId,
        balance: account.balance.balance,
        tokens: [{ token_id: tokenId, balance: 3 }],
      },
    ]);

    // Two at a time from the first accounts, in order, to the tinybar of each account's own answer.
    const first = await get('/api/v1/balances?order=asc&limit=2&account.id=lte:0.0.98');
    const firstPage = first.body as {
      balances: { account: string; balance: number }[];
      links: { next: string };
    };
    expect(firstPage.balances.map((each) => each.account)).toEqual(['0.0.2', '0.0.3']);
    const second = (await get(firstPage.links.next)).body as typeof firstPage;
    expect(second.balances[0]!.account).toBe('0.0.4');
    for (const each of [...firstPage.balances, ...second.balances].filter((b) => b.account !== '0.0.2')) {
      const own = (await get(`/api/v1/accounts/${each.account}`)).body as { balance: { balance: number } };
      expect(each.balance).toBe(own.balance.balance);
    }
    // Newest first by default; a balance bound narrows the list.
    const newest = (await get('/api/v1/balances?limit=1')).body as typeof firstPage;
    expect(Number(newest.balances[0]!.account.split('.')[2])).toBeGreaterThanOrEqual(
      Number(buyer.accountId.split('.')[2]),
    );
    const above = `account.id=${buyer.accountId}&account.balance=gt:${account.balance.balance}`;
    expect((await get(`/api/v1/balances?${above}`)).body.balances).toEqual([]);
    const atLeast = `account.id=${buyer.accountId}&account.balance=gte:${account.balance.balance}`;
    expect((await get(`/api/v1/balances?${atLeast}`)).body.balances).toHaveLength(1);

    for (const bad of [
      'limit=0',
      'account.id=alice',
      'account.balance=-1',
      'timestamp=1700000000.0',
      'order=up',
    ]) {
      const refused = await get(`/api/v1/balances?${bad}`);
      expect(refused.status, bad).toBe(400);
      expect(refused.body).toHaveProperty('_status.messages');
    }
  });

  it('pages accounts/{id}/nfts with limit, order and links.next', async () => {
    const first = await get(`/api/v1/accounts/${buyer.accountId}/nfts?limit=2`);
    expectSchema('Nfts', first.body);
    const nfts = first.body.nfts as { serial_number: number; metadata: string }[];
    expect(nfts.map((nft) => nft.serial_number)).toEqual([3, 2]);
    expect(Buffer.from(nfts[0]!.metadata, 'base64').toString()).toBe('c.hbar');
    const next = (first.body.links as { next: string }).next;
    expect(next).toMatch(/^\/api\/v1\/accounts\/.+\/nfts\?/);
    const second = await get(next);
    expect((second.body.nfts as { serial_number: number }[]).map((nft) => nft.serial_number)).toEqual([1]);
    expect(second.body.links).toEqual({ next: null });
  });

  it('serves accounts/{id}/tokens filtered by token.id', async () => {
    const { body } = await get(`/api/v1/accounts/${buyer.accountId}/tokens?token.id=${tokenId}`);
    expectSchema('TokenRelationshipResponse', body);
    expect(body.tokens).toEqual([
      expect.objectContaining({ token_id: tokenId, balance: 3, automatic_association: false }),
    ]);
  });

  it('serves transactions/{id} in the mirror id form, with transfers and the memo in base64', async () => {
    expect(transferId).toMatch(/^0\.0\.\d+-\d+-\d{9}$/);
    const { status, body } = await get(`/api/v1/transactions/${transferId}?nonce=0&scheduled=false`);
    expect(status).toBe(200);
    expectSchema('TransactionByIdResponse', body);
    const [transaction] = body.transactions as {
      result: string;
      memo_base64: string;
      transfers: { account: string; amount: number }[];
    }[];
    expect(transaction!.result).toBe('SUCCESS');
    expect(Buffer.from(transaction!.memo_base64, 'base64').toString()).toBe('quote 42');
    expect(transaction!.transfers).toContainEqual({
      account: '0.0.2',
      amount: 150_000_000,
      is_approval: false,
    });
    expect(transaction!.transfers).toContainEqual({
      account: buyer.accountId,
      amount: -150_100_000,
      is_approval: false,
    });
  });

  it('serves tokens/{id}, tokens/{id}/nfts/{serial} and network/exchangerate', async () => {
    const token = await get(`/api/v1/tokens/${tokenId}`);
    expectSchema('TokenInfo', token.body);
    expect(token.body).toMatchObject({
      token_id: tokenId,
      type: 'NON_FUNGIBLE_UNIQUE',
      total_supply: '3',
      treasury_account_id: '0.0.2',
    });
    const nft = await get(`/api/v1/tokens/${tokenId}/nfts/2`);
    expectSchema('Nft', nft.body);
    expect(nft.body).toMatchObject({ account_id: buyer.accountId, serial_number: 2 });
    const rate = await get('/api/v1/network/exchangerate');
    expectSchema('NetworkExchangeRateSetResponse', rate.body);
  });

  it("lists an account's transactions by consensus time, paged with links.next", async () => {
    const first = await get(`/api/v1/transactions?account.id=0.0.2&order=asc&limit=1&timestamp=gt:0`);
    expect(first.status).toBe(200);
    expectSchema('TransactionsResponse', first.body);
    const seen: string[] = [];
    let next: string | null =
      `/api/v1/transactions?account.id=${buyer.accountId}&order=asc&limit=2&timestamp=gt:0`;
    while (next) {
      const page = await get(next);
      expectSchema('TransactionsResponse', page.body);
      const items = page.body.transactions as { consensus_timestamp: string }[];
      seen.push(...items.map((item) => item.consensus_timestamp));
      next = (page.body.links as { next: string | null }).next;
    }
    // Three associations or NFT deliveries of the buyer's and its payment: in order, each once.
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await get(
      `/api/v1/transactions?account.id=${buyer.accountId}&order=asc&timestamp=gt:${seen.at(-1)}`,
    );
    expect(after.body).toMatchObject({ transactions: [], links: { next: null } });
    expect((await get('/api/v1/transactions?timestamp=yesterday')).status).toBe(400);
  });

  it("lists the network's transfers of one type in consensus order, each with its NFT transfers", async () => {
    type Listed = {
      name: string;
      consensus_timestamp: string;
      nft_transfers: { token_id: string; serial_number: number; receiver_account_id: string }[];
    };
    const seen: Listed[] = [];
    let next: string | null =
      '/api/v1/transactions?transactiontype=cryptotransfer&order=asc&limit=2&timestamp=gt:0';
    while (next) {
      const page = await get(next);
      expect(page.status).toBe(200);
      expectSchema('TransactionsResponse', page.body);
      seen.push(...(page.body.transactions as Listed[]));
      next = (page.body.links as { next: string | null }).next;
    }
    expect(new Set(seen.map((item) => item.name))).toEqual(new Set(['CRYPTOTRANSFER']));
    const times = seen.map((item) => item.consensus_timestamp);
    expect([...times].sort()).toEqual(times);
    // The collection's three NFTs reached the buyer by transfers on that list.
    const delivered = seen
      .flatMap((item) => item.nft_transfers)
      .filter((move) => move.token_id === tokenId && move.receiver_account_id === buyer.accountId)
      .map((move) => move.serial_number);
    expect(delivered.sort()).toEqual([1, 2, 3]);
    // Other types are not listed; an unknown type is refused as the mirror node refuses it.
    const mints = await get('/api/v1/transactions?transactiontype=TOKENMINT&order=asc');
    expect((mints.body.transactions as Listed[]).every((item) => item.name === 'TOKENMINT')).toBe(true);
    expect((mints.body.transactions as Listed[]).length).toBeGreaterThan(0);
    expect((await get('/api/v1/transactions?transactiontype=PAYMENT')).status).toBe(400);
  });

  it("lists a collection's NFTs by serial with their holders, paged with links.next", async () => {
    const first = await get(`/api/v1/tokens/${tokenId}/nfts?order=asc&limit=2`);
    expect(first.status).toBe(200);
    expectSchema('Nfts', first.body);
    const nfts = first.body.nfts as { serial_number: number; account_id: string }[];
    expect(nfts.map((nft) => [nft.serial_number, nft.account_id])).toEqual([
      [1, buyer.accountId],
      [2, buyer.accountId],
    ]);
    const rest = await get((first.body.links as { next: string }).next);
    expect((rest.body.nfts as { serial_number: number }[]).map((nft) => nft.serial_number)).toEqual([3]);
    expect((rest.body.links as { next: string | null }).next).toBeNull();
    expect((await get('/api/v1/tokens/0.0.999999/nfts')).status).toBe(404);
  });

  it("answers unknown ids with 404 and bad ones with 400, in the mirror node's error body", async () => {
    for (const [path, status] of [
      ['/api/v1/accounts/0.0.999999', 404],
      ['/api/v1/accounts/alice', 400],
      ['/api/v1/accounts/0.0.2/nfts?limit=zero', 400],
      ['/api/v1/transactions/0.0.2-1-1', 404],
      ['/api/v1/transactions/not-an-id', 400],
      ['/api/v1/tokens/0.0.999999', 404],
      ['/api/v1/tokens/0.0.2/nfts/abc', 400],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      expectSchema('Error', response.body);
      expect(
        (response.body._status as { messages: { message: string }[] }).messages[0]!.message,
      ).toBeTruthy();
    }
  });

  it('answers 503 while paused', async () => {
    t.ledger.pause();
    try {
      expect((await get(`/api/v1/accounts/${buyer.accountId}`)).status).toBe(503);
    } finally {
      t.ledger.resume();
    }
  });

  it('takes wallet-signed bytes on POST /ledger/transactions and funds accounts from the faucet', async () => {
    const key = PrivateKey.generateED25519();
    const faucet = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      payload: { publicKey: key.publicKey.toStringDer() },
    });
    expect(faucet.statusCode).toBe(200);
    const { accountId, balanceHbar } = faucet.json() as { accountId: string; balanceHbar: number };
    expect(balanceHbar).toBe(10_000);
    const transfer = new TransferTransaction()
      .addHbarTransfer(accountId, Hbar.fromTinybars(-100))
      .addHbarTransfer('0.0.2', Hbar.fromTinybars(100))
      .setTransactionId(TransactionId.generate(accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await transfer.sign(key);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/ledger/transactions',
      payload: { bytes: Buffer.from(transfer.toBytes()).toString('base64') },
    });
    expect(submitted.json()).toMatchObject({ status: 'SUCCESS' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      payload: { publicKey: 'zz'.repeat(20) },
    });
    expect(bad.statusCode).toBe(400);
  });
});
