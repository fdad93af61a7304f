import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '@registry/api-client/client';
import { cookieJarFetch } from '../testing/cookie-jar-fetch';
import { engineCases } from '../testing/test-databases';
import { signMessageLikeWallet, startTestApp, type TestApp } from '../testing/test-app';
import { PrivateKey } from '@hashgraph/sdk';

/** The browser's typed client against a listening server: every answer must parse with the contracts. */
describe('typed API client against the server', () => {
  let t: TestApp;
  let client: ApiClient;

  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, {}, { otherProviderToken: true });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = createApiClient({ baseUrl: address, fetch: cookieJarFetch() });
  });
  afterAll(async () => {
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('signs in with a wallet signature and uses every endpoint', async () => {
    const key = PrivateKey.generateED25519();
    // The fixtures act for the same wallet through a session of their own.
    const owner = await t.signIn(key);
    const { accountId } = owner;
    const challenge = await client.createSignInChallenge(accountId);
    const session = await client.verifySignIn({
      accountId,
      nonce: challenge.nonce,
      signatureMap: signMessageLikeWallet(key, challenge.message),
    });
    expect(session.accountId).toBe(accountId);

    const owned = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
    await t.buySubdomain(owner, owned.name, 'sub');
    await t.buyDomain(owner, t.uniqueName('blade'), { pending: true });
    await t.giveOtherProviderDomain(
      { accountId, key, cookie: '' },
      t.otherProviderTokenId!,
      t.uniqueName(),
      1,
    );
    await t.purchase(owner, { kind: 'record-fee', itemName: owned.name });

    expect((await client.listTlds()).tlds[0]).toEqual({ itemName: 'hbar' });
    expect((await client.getRate()).usdPerHbar).toBe(1); // the tests' local rate
    expect(await client.getLedgerInfo()).toEqual({
      network: 'local',
      treasuryAccountId: '0.0.2',
      walletConnectProjectId: null,
      mirrorNodeUrl: '/ledger',
    });
    expect((await client.checkAvailability(t.uniqueName())).status).toBe(1);
    expect((await client.getSuggestions('zeta.hbar')).suggestions.length).toBeGreaterThan(0);
    expect((await client.findTakenNames([owned.name])).taken).toEqual([{ itemName: owned.name }]);
    expect((await client.listMyDomains()).domains).toHaveLength(2);
    expect((await client.listMySubdomains(owned.name)).domains).toHaveLength(1);
    expect((await client.listPendingDomains()).domains).toHaveLength(1);
    expect((await client.listOtherProviderDomains()).domains).toHaveLength(1);
    expect((await client.getDomainDetails(owned.name)).domainName).toBe(owned.name);
    // Domain, subscription, subdomain, the pending domain and the record fee.
    expect((await client.listOrders()).orders).toHaveLength(5);
    expect(await client.checkDeliveries()).toEqual({
      delivered: [],
      pending: [expect.stringMatching(/\.blade$/)],
    });
    expect((await client.getProfile()).profile).toBeNull();
    const profile = await client.saveProfile({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      countryCode: '+1',
      mobileNo: '2015550123',
      adrLine1: '1 Navy Way',
      adrLine2: '',
      country: 'United States',
      state: 'Virginia',
      city: 'Arlington',
      pincode: '22201',
    });
    expect(profile.fullName).toBe('Grace Hopper');
    expect((await client.listCountries()).countries.length).toBeGreaterThan(200);
    expect((await client.listStates('United States')).states).toContain('Virginia');
    expect((await client.getRecords(owned.name)).status).toBe(1);
    await client.updateRecord(owned.name, 'siteAddress', 'https://grace.example.com');
    expect((await client.activateRecords(owned.name, 'statusSiteAddress')).status).toBe(2);
    expect((await client.resolveDomain(owned.name)).siteAddress).toBe('https://grace.example.com');
    expect((await client.requestEmailVerification('grace@example.com')).msg).toBe('Check you email');
    const code = new URL(/https?:\/\/\S+/.exec(t.mail.at(-1)!.text)![0]).searchParams.get('x')!;
    expect((await client.verifyEmail(code)).status).toBe(1);
    expect(await client.setExpiryReminders(true)).toEqual({ enabled: true });
    expect((await client.getProfile()).profile?.expiryReminders).toBe(true);

    await client.logout();
    await expect(client.listMyDomains()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });
});
