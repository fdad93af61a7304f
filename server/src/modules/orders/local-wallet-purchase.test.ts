import { describe, expect, it } from 'vitest';
import { createApiClient } from '@registry/api-client/client';
import { LocalWallet } from '@registry/wallet/local-wallet';
import { PAYMENT_RESULT } from '@registry/wallet/wallet-port';
import { cookieJarFetch } from '../../testing/cookie-jar-fetch';
import { engineCases } from '../../testing/test-databases';
import { listeningTestApp, signInWithWallet } from '../../testing/listening-app';
import { memoryStorage } from '@registry/wallet/memory-storage';

/** The browser's path end to end: Local Wallet, typed client, server, local ledger, mint job. */
describe('buying a domain with the Local Wallet', () => {
  const server = listeningTestApp(engineCases[0]!.open);

  it('connects from the faucet, signs in, pays a quote, associates and receives the NFT', async () => {
    const storage = memoryStorage();
    const wallet = new LocalWallet({ baseUrl: server.origin, storage });
    expect((await wallet.pay({ to: '0.0.2', amountTinybars: 1n, memo: 'x' })).result).toBe(
      PAYMENT_RESULT.noWallet,
    );
    const { accountId } = await wallet.connect();
    expect(await wallet.balance()).toBe(10_000);

    const client = createApiClient({ baseUrl: server.origin, fetch: cookieJarFetch() });
    await signInWithWallet(client, wallet, accountId);

    const name = server.t.uniqueName();
    const quote = await client.quoteOrder({
      kind: 'domains',
      items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
    });
    const payment = await wallet.pay({
      to: quote.treasuryAccountId,
      amountTinybars: BigInt(quote.amountTinybars),
      memo: quote.memo,
    });
    expect(payment.result).toBe(PAYMENT_RESULT.success);

    const confirmed = await client.confirmOrder(quote.orderId, payment.transactionId!);
    expect(confirmed.resData).toEqual([{ itemName: name, status: 1 }]);

    // Pending until the wallet associates the collection; then delivery completes by itself.
    const pending = await client.listPendingDomains();
    expect(pending.domains.map((domain) => domain.itemName)).toEqual([name]);
    const tokenId = (await server.t.collectionOf('hbar'))!;
    expect((await wallet.associateToken(tokenId)).result).toBe(PAYMENT_RESULT.success);
    await server.t.runQueuedJobsNow();

    const mine = await client.listMyDomains();
    expect(mine.domains).toEqual([expect.objectContaining({ itemName: name, status: 22 })]);
    const nfts = (await (
      await fetch(`${server.origin}/ledger/api/v1/accounts/${accountId}/nfts`)
    ).json()) as {
      nfts: { serial_number: number }[];
    };
    expect(nfts.nfts.map((nft) => nft.serial_number)).toEqual([mine.domains[0]!.serialNo]);
    expect(await wallet.balance()).toBeLessThan(10_000 - 10);

    // A payment the ledger refuses is the spec's 0, with the ledger's reason.
    const tooMuch = await wallet.pay({
      to: '0.0.2',
      amountTinybars: 20_000n * 100_000_000n,
      memo: 'too much',
    });
    expect(tooMuch).toMatchObject({ result: PAYMENT_RESULT.failure, status: 'INSUFFICIENT_PAYER_BALANCE' });

    // The same browser profile finds the same account again.
    const again = new LocalWallet({ baseUrl: server.origin, storage });
    expect((await again.connect()).accountId).toBe(accountId);
  });
});
