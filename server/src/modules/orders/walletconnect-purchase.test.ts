import { PrivateKey } from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '@registry/api-client/client';
import { LocalWallet } from '@registry/wallet/local-wallet';
import { memoryStorage } from '@registry/wallet/memory-storage';
import { hip820TestWallet } from '@registry/wallet/testing/hip820-test-wallet';
import { WalletConnectNotConfiguredError } from '@registry/wallet/wallet-connect-options';
import { PAYMENT_RESULT } from '@registry/wallet/wallet-port';
import { WalletConnectWallet, WalletNetworkMismatchError } from '@registry/wallet/walletconnect-wallet';
import { cookieJarFetch } from '../../testing/cookie-jar-fetch';
import { engineCases } from '../../testing/test-databases';
import { listeningTestApp, signInWithWallet } from '../../testing/listening-app';

type MirrorTransaction = { result: string; memo_base64: string };

/**
 * The WalletConnect adapter through the library's own DAppSigner, with a HIP-820 wallet that signs
 * with a real key: sign-in checked by the real server, payments and associations executed on the
 * local ledger, and each way a wallet says no mapped to the spec's result.
 */
describe('a WalletConnect (HIP-820) wallet', () => {
  const server = listeningTestApp(engineCases[0]!.open);

  const options = () => ({
    projectId: 'test-project',
    network: 'testnet' as const,
    mirrorNodeUrl: `${server.origin}/ledger`,
  });
  const timing = { requestTimeoutMs: 1_000, receiptTimeoutMs: 5_000, receiptPollMs: 50 };

  async function fundedWallet(network: 'testnet' | 'mainnet' = 'testnet') {
    const key = PrivateKey.generateED25519();
    const response = await fetch(`${server.origin}/ledger/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicKey: key.publicKey.toStringDer() }),
    });
    const { accountId } = (await response.json()) as { accountId: string };
    return hip820TestWallet({ accountId, key, ledgerOrigin: server.origin, network });
  }

  async function mirrorTransaction(transactionId: string) {
    const [account, validStart] = transactionId.split('@') as [string, string];
    const [seconds, nanos] = validStart.split('.') as [string, string];
    const response = await fetch(
      `${server.origin}/ledger/api/v1/transactions/${account}-${seconds}-${nanos.padStart(9, '0')}`,
    );
    if (response.status === 404) return null;
    return ((await response.json()) as { transactions: MirrorTransaction[] }).transactions[0]!;
  }

  it('signs in, pays a quote, associates and receives the NFT, then sends it on', async () => {
    const wallet = await fundedWallet();
    const adapter = new WalletConnectWallet(options(), async () => wallet.session(), timing);
    expect((await adapter.pay({ to: '0.0.2', amountTinybars: 1n, memo: 'x' })).result).toBe(
      PAYMENT_RESULT.noWallet,
    );
    const { accountId } = await adapter.connect();
    expect(accountId).toBe(wallet.signer.getAccountId().toString());
    expect(await adapter.balance()).toBe(10_000);

    const client = createApiClient({ baseUrl: server.origin, fetch: cookieJarFetch() });
    await signInWithWallet(client, adapter, accountId);
    expect(await client.getSession()).toEqual({ accountId });

    const name = server.t.uniqueName();
    const quote = await client.quoteOrder({
      kind: 'domains',
      items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
    });
    const payment = await adapter.pay({
      to: quote.treasuryAccountId,
      amountTinybars: BigInt(quote.amountTinybars),
      memo: quote.memo,
    });
    expect(payment).toMatchObject({ result: PAYMENT_RESULT.success, status: 'SUCCESS' });
    const onLedger = await mirrorTransaction(payment.transactionId!);
    expect(onLedger?.result).toBe('SUCCESS');
    expect(Buffer.from(onLedger!.memo_base64, 'base64').toString()).toBe(quote.memo);
    expect(await client.confirmOrder(quote.orderId, payment.transactionId!)).toMatchObject({
      resData: [{ itemName: name, status: 1 }],
    });

    const tokenId = (await server.t.collectionOf('hbar'))!;
    expect((await adapter.associateToken(tokenId)).result).toBe(PAYMENT_RESULT.success);
    await server.t.runQueuedJobsNow();
    const mine = await client.listMyDomains();
    expect(mine.domains).toEqual([expect.objectContaining({ itemName: name, status: 22 })]);
    const serialNumber = mine.domains[0]!.serialNo;

    // The NFT transfer of a domain to another account goes through the same request.
    const receiver = new LocalWallet({ baseUrl: server.origin, storage: memoryStorage() });
    const { accountId: receiverId } = await receiver.connect();
    expect((await receiver.associateToken(tokenId)).result).toBe(PAYMENT_RESULT.success);
    const sent = await adapter.transferNft({ tokenId, serialNumber, to: receiverId });
    expect(sent.result).toBe(PAYMENT_RESULT.success);
    const nft = (await (
      await fetch(`${server.origin}/ledger/api/v1/tokens/${tokenId}/nfts/${serialNumber}`)
    ).json()) as {
      account_id: string;
    };
    expect(nft.account_id).toBe(receiverId);
    expect(wallet.state.requests).toEqual([
      'hedera_signMessage',
      'hedera_signAndExecuteTransaction',
      'hedera_signAndExecuteTransaction',
      'hedera_signAndExecuteTransaction',
    ]);
  });

  it('maps a refusal to 0, a ledger refusal to 0 with its status, silence to -9 and a lost session to -1', async () => {
    const wallet = await fundedWallet();
    const adapter = new WalletConnectWallet(options(), async () => wallet.session(), timing);
    await adapter.connect();
    const payment = { to: '0.0.2', amountTinybars: 100_000_000n, memo: 'refused' };

    wallet.state.answer = 'reject';
    const rejected = await adapter.pay(payment);
    expect(rejected.result).toBe(PAYMENT_RESULT.failure);
    expect(await mirrorTransaction(rejected.transactionId!)).toBeNull();
    await expect(adapter.signMessage('hello')).rejects.toMatchObject({ name: 'SignInDeclinedError' });

    wallet.state.answer = 'approve';
    const tooMuch = await adapter.pay({ ...payment, amountTinybars: 20_000n * 100_000_000n });
    expect(tooMuch).toMatchObject({ result: PAYMENT_RESULT.failure, status: 'INSUFFICIENT_PAYER_BALANCE' });

    wallet.state.answer = 'ignore';
    const unanswered = await adapter.pay(payment);
    expect(unanswered.result).toBe(PAYMENT_RESULT.exception);
    expect(await mirrorTransaction(unanswered.transactionId!)).toBeNull();

    // The session is gone on the relay before the page heard of it: no wallet.
    wallet.state.answer = 'approve';
    wallet.state.alive = false;
    expect((await adapter.pay(payment)).result).toBe(PAYMENT_RESULT.noWallet);
    // None of the 1-HBAR payments went through (the ledger kept only its fee for the refused one).
    expect(await adapter.balance()).toBeGreaterThan(9_999);
  });

  it('ends with the session the wallet ends, and refuses a wallet on another network or without a project id', async () => {
    const wallet = await fundedWallet();
    const adapter = new WalletConnectWallet(options(), async () => wallet.session(), timing);
    await adapter.connect();
    let ended = 0;
    adapter.onDisconnect(() => ended++);
    wallet.endFromWallet();
    expect(ended).toBe(1);
    expect(adapter.accountId()).toBeNull();
    expect((await adapter.pay({ to: '0.0.2', amountTinybars: 1n, memo: 'm' })).result).toBe(
      PAYMENT_RESULT.noWallet,
    );

    // Logout: the page ends the session in the wallet too.
    const again = new WalletConnectWallet(options(), async () => wallet.session(), timing);
    wallet.state.alive = true;
    await again.connect();
    again.onDisconnect(() => ended++);
    await again.disconnect();
    expect(wallet.state.alive).toBe(false);
    expect(ended).toBe(2);

    const onMainnet = await fundedWallet('mainnet');
    const elsewhere = new WalletConnectWallet(options(), async () => onMainnet.session(), timing);
    await expect(elsewhere.connect()).rejects.toThrow(WalletNetworkMismatchError);
    await expect(elsewhere.connect()).rejects.toThrow(
      /hedera:mainnet:0\.0\.\d+; this registry runs on hedera:testnet/,
    );
    expect(onMainnet.state.alive).toBe(false);
    expect(elsewhere.accountId()).toBeNull();

    let opened = 0;
    const unconfigured = new WalletConnectWallet({ ...options(), projectId: null }, async () => {
      opened++;
      return wallet.session();
    });
    await expect(unconfigured.connect()).rejects.toThrow(WalletConnectNotConfiguredError);
    expect(opened).toBe(0);
  });
});
