import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

describe.each(engineCases)('the local ledger plays another provider on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    // No OTHER_PROVIDER_TOKEN_ID: the local ledger makes the collection.
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  const collection = async () =>
    (await t.app.inject({ method: 'GET', url: '/ledger/other-provider-domain' })).json<{ tokenId: string }>()
      .tokenId;
  const give = (accountId: string, domainName: string) =>
    t.app.inject({
      method: 'POST',
      url: '/ledger/other-provider-domain',
      payload: { accountId, domainName },
    });

  it("gives an account a domain of its collection, listed as another provider's and not subscribed", async () => {
    const tokenId = await collection();
    expect(tokenId).toMatch(/^0\.0\.\d+$/);
    const owner = await t.signIn();
    const domainName = `${t.uniqueName().split('.')[0]}.other`;

    const refused = await give(owner.accountId, domainName);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('NOT_ASSOCIATED');

    await t.writer.associate(owner.accountId, owner.key, tokenId);
    const given = await give(owner.accountId, domainName);
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({ tokenId, domainName });
    expect((await give(owner.accountId, domainName)).json().code).toBe('DOMAIN_EXISTS');

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/my/other-domains',
      headers: { cookie: owner.cookie },
    });
    expect(listed.json().domains).toEqual([
      expect.objectContaining({ domainName, tokenID: tokenId, status: 2, isSubscribed: false }),
    ]);

    await t.purchase(owner, { kind: 'subscription', itemName: domainName });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/my/domains/${domainName}`,
      headers: { cookie: owner.cookie },
    });
    expect(detail.json()).toMatchObject({ isExternal: true, subscription: true, status: 1 });
  });

  it('refuses what is not a domain name', async () => {
    const owner = await t.signIn();
    expect((await give(owner.accountId, 'not a name')).statusCode).toBe(400);
  });
});
