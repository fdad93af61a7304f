import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@registry/api-client/client';
import { runPaidAction, type PaidActionState } from '@registry/paid-flow';
import { LocalWallet } from '@registry/wallet/local-wallet';
import { PAYMENT_RESULT, type WalletPort } from '@registry/wallet/wallet-port';
import { cookieJarFetch } from '../../testing/cookie-jar-fetch';
import { engineCases } from '../../testing/test-databases';
import { listeningTestApp, signInWithWallet } from '../../testing/listening-app';
import { memoryStorage } from '@registry/wallet/memory-storage';

/** The browser's one paid flow, driven by the Local Wallet against the real server and ledger. */
describe('the paid flow', () => {
  const server = listeningTestApp(engineCases[0]!.open, {
    RATE_LIMIT_SIGN_IN: '1000',
    RATE_LIMIT_FAUCET: '1000',
  });

  /** A browser: its own Local Wallet (faucet account) signed in with its own session. */
  async function browser() {
    const wallet = new LocalWallet({ baseUrl: server.origin, storage: memoryStorage() });
    const { accountId } = await wallet.connect();
    const api = createApiClient({ baseUrl: server.origin, fetch: cookieJarFetch() });
    await signInWithWallet(api, wallet, accountId);
    return { wallet, api, accountId };
  }

  const buy = (name: string) => ({
    kind: 'domains' as const,
    items: [{ itemName: name, months: 12 as const, isWebProtectionOn: false }],
  });

  it('quotes, gets the wallet to pay, confirms, associates the collection and delivers', async () => {
    const { wallet, api } = await browser();
    const name = server.t.uniqueName('bhc');
    const stages: string[] = [];
    const outcome = await runPaidAction(buy(name), {
      api,
      wallet,
      onProgress: (progress) => stages.push(progress.stage),
    });
    expect(outcome).toMatchObject({ ok: true, result: 1, delivered: [name], pending: [] });
    expect(stages).toEqual(['quote', 'approval', 'confirmation', 'delivery']);
    expect((await api.listMyDomains()).domains).toEqual([
      expect.objectContaining({ itemName: name, status: 22 }),
    ]);
  });

  it('answers -1 with the spec message without a connected wallet', async () => {
    const { api } = await browser();
    const outcome = await runPaidAction(buy(server.t.uniqueName()), { api, wallet: null });
    expect(outcome).toMatchObject({
      ok: false,
      result: PAYMENT_RESULT.noWallet,
      error: { title: 'Wallet not connected', message: 'Please connect wallet to proceed' },
    });
  });

  it('answers 0 with "Purchase of domain failed" when the wallet refuses, and charges nothing', async () => {
    const { wallet, api, accountId } = await browser();
    const refusing: WalletPort = Object.assign(Object.create(wallet) as WalletPort, {
      pay: async () => ({ result: PAYMENT_RESULT.failure }),
    });
    const before = await server.t.ledger.balanceTinybars(accountId);
    const outcome = await runPaidAction(buy(server.t.uniqueName()), { api, wallet: refusing });
    expect(outcome).toMatchObject({
      ok: false,
      result: 0,
      stage: 'approval',
      error: { title: 'Something went wrong', message: 'Purchase of domain failed' },
    });
    expect(await server.t.ledger.balanceTinybars(accountId)).toBe(before);
  });

  it('tells the buyer when someone else holds a name, and when the ledger is down', async () => {
    const first = await browser();
    const second = await browser();
    const name = server.t.uniqueName();
    await first.api.quoteOrder(buy(name));
    const taken = await runPaidAction(buy(name), { api: second.api, wallet: second.wallet });
    expect(taken).toMatchObject({
      ok: false,
      result: -9,
      error: {
        title: 'Alert',
        message:
          'Someone else purchased few domains in your cart before your payment, so go back and proceed to checkout',
      },
    });

    server.t.ledger.pause();
    try {
      const down = await runPaidAction(buy(server.t.uniqueName()), {
        api: second.api,
        wallet: second.wallet,
      });
      expect(down).toMatchObject({ ok: false, result: -9, error: { title: 'HCS link is down' } });
    } finally {
      server.t.ledger.resume();
    }
  });

  it('resumes after a lost confirmation without paying twice', async () => {
    const { wallet, api, accountId } = await browser();
    const name = server.t.uniqueName('hangry');
    let dropped = false;
    const flaky: ApiClient = {
      ...api,
      confirmOrder: async (...args) => {
        if (!dropped) {
          dropped = true;
          throw new TypeError('Failed to fetch');
        }
        return api.confirmOrder(...args);
      },
    };
    const before = (await server.t.ledger.balanceTinybars(accountId))!;
    const failed = await runPaidAction(buy(name), { api: flaky, wallet });
    expect(failed).toMatchObject({
      ok: false,
      stage: 'confirmation',
      error: { title: 'Something went wrong-[PY-5575]' },
    });
    const progress = (failed as { progress: PaidActionState }).progress;
    expect(progress.transactionId).toMatch(/^0\.0\.\d+@/);

    const resumed = await runPaidAction(buy(name), { api: flaky, wallet }, progress);
    expect(resumed).toMatchObject({ ok: true, delivered: [name] });
    // One payment of 10 HBAR with its fee, and the association's fee: nothing was paid twice.
    expect(before - (await server.t.ledger.balanceTinybars(accountId))!).toBe(1_000_000_000n + 200_000n);
  });
});
