import { describe, expect, it } from 'vitest';
import { createResolver, findRecipient, ResolverError } from '@registry/resolver';
import { engineCases } from '../../testing/test-databases';
import { listeningTestApp } from '../../testing/listening-app';

/** The resolver library as a wallet or dApp runs it: over HTTP, against the registry and its mirror node. */
describe.each(engineCases)('the resolver library against the server on $engine', ({ open }) => {
  const suite = listeningTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });

  async function setUp() {
    const { t, origin } = suite;
    const tokenId = await t.openCollection();
    const alice = await t.holderOf(tokenId);
    const bob = await t.holderOf(tokenId);
    const [first, second] = [await t.buyDomain(alice), await t.buyDomain(alice)];
    return { t, origin, tokenId, alice, bob, first, second, mirrorNodeUrl: `${origin}/ledger` };
  }

  /** A registry that lies: its answer for one name is changed before the library reads it. */
  const tampered =
    (name: string, change: (answer: Record<string, unknown>) => void): typeof fetch =>
    async (input, init) => {
      const response = await fetch(input, init);
      if (!String(input).endsWith(`/api/resolve/${name}`) || response.status !== 200) return response;
      const answer = (await response.json()) as Record<string, unknown>;
      change(answer);
      return Response.json(answer);
    };

  it('resolves names and accounts, one at a time and in batches, as the API answers them', async () => {
    const { origin, alice, first, second, t } = await setUp();
    const resolver = createResolver({ registryUrl: origin });
    const resolved = await resolver.resolveName(first.name.toUpperCase());
    expect(resolved).toMatchObject({ name: first.name, accountId: alice.accountId, isPrimaryName: false });
    expect(resolved?.evmAddress).toMatch(/^0x[0-9a-f]{40}$/);
    const nobody = t.uniqueName();
    expect(await resolver.resolveName(nobody)).toBeNull();
    expect(await resolver.resolveNames([first.name, second.name, nobody])).toEqual({
      [first.name]: resolved,
      [second.name]: await resolver.resolveName(second.name),
      [nobody]: null,
    });

    expect(await resolver.lookupName(alice.accountId)).toBeNull();
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: alice.cookie },
      payload: { name: second.name },
    });
    expect(await resolver.lookupName(alice.accountId)).toBe(second.name);
    expect(await resolver.lookupNames([alice.accountId, '0.0.9999999'])).toEqual({
      [alice.accountId]: second.name,
      '0.0.9999999': null,
    });
    expect((await resolver.resolveName(second.name))?.isPrimaryName).toBe(true);

    const refused = await resolver.resolveName('not a name').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResolverError);
    expect(refused).toMatchObject({ status: 400 });
  });

  it('verifies an honest answer on the mirror node, and rejects a registry lying about the holder', async () => {
    const { origin, tokenId, alice, bob, first, second, mirrorNodeUrl } = await setUp();
    const collections = { hbar: tokenId };
    const honest = createResolver({ registryUrl: origin });
    expect(await honest.verify(first.name, { mirrorNodeUrl, collections })).toEqual({
      verified: true,
      accountId: alice.accountId,
    });

    const lyingHolder = createResolver({
      registryUrl: origin,
      fetch: tampered(first.name, (answer) => (answer.accountId = bob.accountId)),
    });
    expect(await lyingHolder.resolveName(first.name)).toMatchObject({ accountId: bob.accountId });
    expect(await lyingHolder.verify(first.name, { mirrorNodeUrl, collections })).toEqual({
      verified: false,
      reason: `the NFT is held by ${alice.accountId}, not ${bob.accountId}`,
    });

    // Another serial its claimed holder really holds, but minted for another name.
    const otherSerial = createResolver({
      registryUrl: origin,
      fetch: tampered(first.name, (answer) => (answer.serialNo = second.serialNo)),
    });
    expect(await otherSerial.verify(first.name, { mirrorNodeUrl, collections })).toEqual({
      verified: false,
      reason: `that NFT does not carry ${first.name}`,
    });

    const otherCollection = createResolver({
      registryUrl: origin,
      fetch: tampered(first.name, (answer) => (answer.tokenId = '0.0.424242')),
    });
    expect(await otherCollection.verify(first.name, { mirrorNodeUrl, collections })).toEqual({
      verified: false,
      reason: '0.0.424242 is not the .hbar collection',
    });
    expect((await otherCollection.verify(first.name, { mirrorNodeUrl })).verified).toBe(false);
  });

  it('finds whom to pay from a name or an account id, and refuses what points to no one else', async () => {
    const { t, origin, alice, bob, first, second } = await setUp();
    const resolver = createResolver({ registryUrl: origin });
    const asBob = (typed: string) => findRecipient(resolver, typed, { sender: bob.accountId });

    expect(await asBob(` ${first.name.toUpperCase()} `)).toEqual({
      ok: true,
      recipient: { accountId: alice.accountId, name: first.name, isPrimaryName: false },
    });
    expect(await asBob('0.0.1234')).toEqual({
      ok: true,
      recipient: { accountId: '0.0.1234', name: null, isPrimaryName: false },
    });
    // A name resolving to the sender, and the sender's own id.
    for (const own of [first.name, alice.accountId])
      expect(await findRecipient(resolver, own, { sender: alice.accountId })).toMatchObject({
        ok: false,
        reason: 'self',
      });
    for (const typed of ['alice', '', 'a..hbar', '<b>x</b>.hbar'])
      expect(await asBob(typed), typed).toMatchObject({ ok: false, reason: 'malformed' });
    const nobody = t.uniqueName();
    expect(await asBob(nobody)).toEqual({
      ok: false,
      reason: 'unregistered',
      message: `${nobody} is not registered to anyone: it points to no account`,
    });

    // In its grace period a name points to no account; released, it is nobody's.
    const DAY = 24 * 60 * 60 * 1000;
    const expire = (name: string, daysAgo: number) =>
      t.app.inject({
        method: 'POST',
        url: '/ledger/domain-expiry',
        payload: { domainName: name, expiresAt: new Date(Date.now() - daysAgo * DAY).toISOString() },
      });
    await expire(second.name, 1);
    expect(await asBob(second.name)).toEqual({
      ok: false,
      reason: 'unheld',
      message: `${second.name} has expired: it points to no account until it is renewed`,
    });
    await expire(second.name, 52);
    expect(await asBob(second.name)).toMatchObject({ ok: false, reason: 'unregistered' });
  });
});
