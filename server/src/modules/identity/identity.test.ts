import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe.each(engineCases)('primary names and reverse look-up on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  const holder = () => t.holderOf(tokenId);

  /** The watcher reads the NFTs' holders from the mirror node. */
  const watch = () => t.app.ledgerWatcher!.catchUp();

  const setPrimary = (who: SignedIn, name: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: who.cookie },
      payload: { name },
    });
  const myPrimary = async (who: SignedIn) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/my/primary-name', headers: { cookie: who.cookie } })
    ).json();
  const reverse = (accountId: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/reverse/${accountId}`, headers });

  it('sets a held name as primary: the account, the reverse look-up and its ETag answer it', async () => {
    const alice = await holder();
    const bought = await t.buyDomain(alice);
    expect(await myPrimary(alice)).toEqual({ name: null });
    expect((await reverse(alice.accountId)).statusCode).toBe(404);

    const set = await setPrimary(alice, bought.name.toUpperCase());
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ name: bought.name });
    expect(await myPrimary(alice)).toEqual({ name: bought.name });

    const found = await reverse(alice.accountId);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ accountId: alice.accountId, name: bought.name });
    expect(found.headers['access-control-allow-origin']).toBe('*');
    const etag = found.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await reverse(alice.accountId, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another spelling of the same account is the same identity.
    const padded = alice.accountId.replace(/(\d+)$/, '000$1');
    expect((await reverse(padded)).json()).toEqual({ accountId: alice.accountId, name: bought.name });

    // A second name replaces the first; the ETag changes with it.
    const second = await t.buyDomain(alice);
    await setPrimary(alice, second.name);
    const changed = await reverse(alice.accountId, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ name: second.name });

    const cleared = await t.app.inject({
      method: 'DELETE',
      url: '/api/my/primary-name',
      headers: { cookie: alice.cookie },
    });
    expect(cleared.json()).toEqual({ name: null });
    expect((await reverse(alice.accountId)).statusCode).toBe(404);
  });

  it("refuses another account's name, an unregistered one, one not delivered yet, and no session", async () => {
    const alice = await holder();
    const mallory = await holder();
    const bought = await t.buyDomain(alice);
    const refused = await setPrimary(mallory, bought.name);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_OWNER' });
    expect((await setPrimary(mallory, t.uniqueName())).statusCode).toBe(404);
    expect((await setPrimary(mallory, '<script>.hbar')).statusCode).toBe(400);
    // Paid but not delivered: the buyer has not associated the collection yet.
    const newcomer = await t.signIn(PrivateKey.generateED25519(), 1000);
    const waiting = await t.buyDomain(newcomer, t.uniqueName(), { pending: true });
    expect(waiting.status).not.toBe(22);
    expect((await setPrimary(newcomer, waiting.name)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      payload: { name: bought.name },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await reverse(mallory.accountId)).statusCode).toBe(404);
    expect((await reverse('alice')).statusCode).toBe(400);
  });

  it('clears itself when the NFT leaves the account, even if it comes back; the receiver may take it', async () => {
    const alice = await holder();
    const bob = await holder();
    const bought = await t.buyDomain(alice);
    await setPrimary(alice, bought.name);
    expect((await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId)).status).toBe('SUCCESS');
    await watch();
    expect((await reverse(alice.accountId)).statusCode).toBe(404);
    expect(await myPrimary(alice)).toEqual({ name: null });
    expect((await setPrimary(alice, bought.name)).statusCode).toBe(403);
    expect((await setPrimary(bob, bought.name)).statusCode).toBe(200);
    expect((await reverse(bob.accountId)).json()).toMatchObject({ name: bought.name });

    // Bob sets it, sends it away and gets it back: the name he chose left him once, so it is void.
    expect((await t.sendNft(bob, bought.tokenId!, bought.serialNo!, alice.accountId)).status).toBe('SUCCESS');
    await watch();
    expect((await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId)).status).toBe('SUCCESS');
    await watch();
    expect((await reverse(bob.accountId)).statusCode).toBe(404);
  });

  it('clears itself when the name is released after its grace period or burned', async () => {
    const alice = await holder();
    const released = await t.buyDomain(alice);
    await setPrimary(alice, released.name);
    // Expired, still in its grace period: the name stands.
    await t.expire(released.name, new Date(Date.now() - DAY));
    expect((await reverse(alice.accountId)).json()).toMatchObject({ name: released.name });
    await t.expire(released.name, new Date(Date.now() - 31 * DAY));
    expect((await reverse(alice.accountId)).statusCode).toBe(404);
    // Renewing past the release is buying it again: the old choice does not come back.
    await t.expire(released.name, new Date(Date.now() + 300 * DAY));
    expect((await reverse(alice.accountId)).statusCode).toBe(404);

    const burned = await t.buyDomain(alice);
    await setPrimary(alice, burned.name);
    await t.sendNft(alice, burned.tokenId!, burned.serialNo!, t.writer.operatorId);
    await t.writer.burn(burned.tokenId!, [burned.serialNo!]);
    await watch();
    expect((await reverse(alice.accountId)).statusCode).toBe(404);
  });

  it('answers a batch of up to 100 accounts, unknown ones as null, and refuses more', async () => {
    const alice = await holder();
    const bob = await holder();
    const aliceName = (await t.buyDomain(alice)).name;
    const bobName = (await t.buyDomain(bob)).name;
    await setPrimary(alice, aliceName);
    await setPrimary(bob, bobName);
    const batch = (accountIds: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/reverse', payload: { accountIds } });

    const answer = await batch([alice.accountId, '0.0.999999', bob.accountId, alice.accountId]);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.json()).toEqual({
      names: { [alice.accountId]: aliceName, '0.0.999999': null, [bob.accountId]: bobName },
    });
    const hundred = Array.from({ length: 100 }, (_, index) => `0.0.${700000 + index}`);
    expect((await batch(hundred)).statusCode).toBe(200);
    const tooMany = await batch([...hundred, '0.0.1']);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await batch([])).statusCode).toBe(400);
    expect((await batch(['not-an-account'])).statusCode).toBe(400);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/reverse',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/reverse/{accountId}', '/api/reverse', '/api/my/primary-name']),
    );
  });
});
