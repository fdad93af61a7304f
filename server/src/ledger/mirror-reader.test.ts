import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';
import { seedBuyerWithDomains } from '@registry/local-ledger/testing/seed-buyer';
import { injectFetch } from '../plugins/inject-fetch';
import { MirrorReader } from './mirror-reader';

describe('MirrorReader against the local ledger', () => {
  let t: TestApp;
  let buyer: { accountId: string; key: PrivateKey };
  let tokenId: string;
  let transferId: string;

  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open);
    ({ buyer, tokenId, transferId } = await seedBuyerWithDomains(t.writer));
  });
  afterAll(() => t.close());

  it('is read by the same MirrorReader the server uses for Hedera, following links.next', async () => {
    const reader = new MirrorReader('http://local/ledger', injectFetch(t.app));
    const nfts = await reader.listAccountNfts(buyer.accountId, tokenId);
    expect(nfts.map((nft) => nft.serial_number).sort()).toEqual([1, 2, 3]);
    const transaction = await reader.getTransaction(transferId);
    expect(transaction).toMatchObject({ result: 'SUCCESS', nonce: 0, scheduled: false });
    expect(await reader.usdPerHbar()).toBeCloseTo(1, 6); // the tests' local rate
    expect(await reader.getAccount('0.0.999999')).toBeNull();
  });

  it("pages an account's transactions and a collection's NFTs as the watcher reads them", async () => {
    const reader = new MirrorReader('http://local/ledger', injectFetch(t.app));
    const seen: string[] = [];
    let page = await reader.transactionsPage({ accountId: buyer.accountId, afterTimestamp: '0', limit: 2 });
    for (;;) {
      seen.push(...page.items.map((item) => item.consensus_timestamp));
      if (!page.next) break;
      page = await reader.transactionsPage({ next: page.next });
    }
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(seen.length);
    const after = await reader.transactionsPage({ accountId: buyer.accountId, afterTimestamp: seen.at(-1)! });
    expect(after).toEqual({ items: [], next: null });

    const nfts = await reader.tokenNftsPage({ tokenId, afterSerial: 0, limit: 2 });
    expect(nfts.items.map((nft) => [nft.serial_number, nft.account_id])).toEqual([
      [1, buyer.accountId],
      [2, buyer.accountId],
    ]);
    const rest = await reader.tokenNftsPage({ next: nfts.next! });
    expect(rest.items.map((nft) => nft.serial_number)).toEqual([3]);
    expect(rest.next).toBeNull();
  });
});

describe('MirrorReader against recorded mirror node answers', () => {
  /** Answers of the public mirror node, as its OpenAPI document records them (examples), served from memory. */
  function recordedFetch(routes: Record<string, { status: number; body: unknown }>): typeof fetch {
    return async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const answer = routes[url.pathname + url.search] ??
        routes[url.pathname] ?? { status: 404, body: { _status: { messages: [{ message: 'Not found' }] } } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    };
  }

  it('reads a recorded account, follows links.next over NFT pages and parses errors', async () => {
    const reader = new MirrorReader(
      'https://testnet.mirrornode.hedera.com',
      recordedFetch({
        '/api/v1/accounts/0.0.4812': {
          status: 200,
          body: {
            account: '0.0.4812',
            key: {
              _type: 'ED25519',
              key: '9a07b9f9be7f4b2f1e8c0f1e6a8a3d8e4f2e8b8d1c6a5b4a3f2e1d0c9b8a7f6e',
            },
            balance: {
              timestamp: '1700000000.000000001',
              balance: 1234500000,
              tokens: [{ token_id: '0.0.5001', balance: 2 }],
            },
            transactions: [],
            links: { next: null },
          },
        },
        '/api/v1/accounts/0.0.4812/nfts?limit=100&token.id=0.0.5001': {
          status: 200,
          body: {
            nfts: [
              {
                account_id: '0.0.4812',
                serial_number: 7,
                token_id: '0.0.5001',
                metadata: 'YWxwaGEuaGJhcg==',
              },
            ],
            links: {
              next: '/api/v1/accounts/0.0.4812/nfts?limit=100&token.id=lte:0.0.5001&serialnumber=lt:7',
            },
          },
        },
        '/api/v1/accounts/0.0.4812/nfts?limit=100&token.id=lte:0.0.5001&serialnumber=lt:7': {
          status: 200,
          body: {
            nfts: [{ account_id: '0.0.4812', serial_number: 3, token_id: '0.0.5001' }],
            links: { next: null },
          },
        },
        '/api/v1/network/exchangerate': {
          status: 200,
          body: {
            current_rate: { cent_equivalent: 596987, expiration_time: 1649689200, hbar_equivalent: 30000 },
            next_rate: { cent_equivalent: 596987, expiration_time: 1649689200, hbar_equivalent: 30000 },
            timestamp: '1586567700.453054000',
          },
        },
        '/api/v1/transactions/bad?nonce=0&scheduled=false': {
          status: 400,
          body: { _status: { messages: [{ message: 'Invalid parameter: transactionId' }] } },
        },
      }),
    );
    expect((await reader.getAccount('0.0.4812'))?.key?._type).toBe('ED25519');
    expect((await reader.listAccountNfts('0.0.4812', '0.0.5001')).map((nft) => nft.serial_number)).toEqual([
      7, 3,
    ]);
    expect(await reader.usdPerHbar()).toBeCloseTo(0.19899566, 6);
    await expect(reader.getTransaction('bad')).rejects.toMatchObject({
      status: 400,
      messages: ['Invalid parameter: transactionId'],
    });
    expect(await reader.getAccount('0.0.1')).toBeNull();
  });
});
