import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_RESOLVE_BATCH } from '@registry/contracts/records';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
const GRACE_DAYS = 20;

/** 0.0.1234 → 0x…04d2: the long-zero address, 20 bytes. */
const longZero = (accountId: string) =>
  `0x${BigInt(accountId.split('.')[2]!).toString(16).padStart(40, '0')}`;

describe.each(engineCases)('forward resolution: a name to the account holding it, on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000', GRACE_PERIOD_DAYS: String(GRACE_DAYS) });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  const holder = () => t.holderOf(tokenId);
  const resolve = (name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/resolve/${name}`, headers });
  const resolveBatch = (names: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/resolve', payload: { names } });

  it('looks up names asked at once (resolver and gateway) in one query, each answered for itself', async () => {
    const alice = await holder();
    const bought = await t.buyDomain(alice);
    const unknown = [t.uniqueName(), t.uniqueName()];
    const client = (t.database.db as unknown as { $client: { query(...args: unknown[]): unknown } }).$client;
    const queries = vi.spyOn(client, 'query');
    try {
      const [first, second, gateway] = await Promise.all([
        resolve(unknown[0]!),
        resolve(unknown[1]!),
        t.app.inject({ method: 'GET', url: `/r/${unknown[0]}` }),
      ]);
      expect(queries).toHaveBeenCalledTimes(1);
      expect([first.statusCode, second.statusCode, gateway.statusCode]).toEqual([404, 404, 404]);
      queries.mockClear();
      const [known, missing] = await Promise.all([resolve(bought.name), resolve(unknown[1]!)]);
      expect(known.json()).toMatchObject({ domainName: bought.name, accountId: alice.accountId });
      expect(missing.statusCode).toBe(404);
      // The two names in one look-up; the known one's records and holder after it.
      const lookUps = queries.mock.calls.filter(([, params]) => JSON.stringify(params).includes(unknown[1]!));
      expect(lookUps).toHaveLength(1);
      expect(JSON.stringify(lookUps[0]![1])).toContain(bought.name);
    } finally {
      queries.mockRestore();
    }
  });

  it('answers the buyer, its EVM address and the expiry; the primary name check follows the account', async () => {
    const alice = await holder();
    const bought = await t.buyDomain(alice);
    const first = await resolve(bought.name);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      domainName: bought.name,
      accountId: alice.accountId,
      evmAddress: longZero(alice.accountId),
      tokenId: bought.tokenId,
      serialNo: bought.serialNo,
      isPrimaryName: false,
    });
    expect(new Date(first.json().expiresAt).getTime()).toBeGreaterThan(Date.now() + 300 * DAY);
    expect(first.headers['access-control-allow-origin']).toBe('*');

    const etag = first.headers.etag as string;
    expect((await resolve(bought.name, { 'if-none-match': etag })).statusCode).toBe(304);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: alice.cookie },
      payload: { name: bought.name },
    });
    expect(set.statusCode).toBe(200);
    // The answer changed, so the old ETag no longer matches.
    const primary = await resolve(bought.name, { 'if-none-match': etag });
    expect(primary.statusCode).toBe(200);
    expect(primary.json()).toMatchObject({ accountId: alice.accountId, isPrimaryName: true });
  });

  it('follows the NFT: after a transfer on the ledger the name resolves to the receiver', async () => {
    const alice = await holder();
    const bob = await holder();
    const bought = await t.buyDomain(alice);
    expect((await t.sendNft(alice, bought.tokenId!, bought.serialNo!, bob.accountId)).status).toBe('SUCCESS');
    await t.app.ledgerWatcher!.catchUp();
    expect((await resolve(bought.name)).json()).toMatchObject({
      accountId: bob.accountId,
      evmAddress: longZero(bob.accountId),
      isPrimaryName: false,
    });
  });

  it("answers the holder's EVM alias when its account was made from one, learned once from the mirror", async () => {
    const carol = await t.holderOf(tokenId, { evmAlias: true });
    const alias = `0x${carol.key.publicKey.toEvmAddress().toLowerCase()}`;
    const bought = await t.buyDomain(carol);
    expect((await resolve(bought.name)).json()).toMatchObject({
      accountId: carol.accountId,
      evmAddress: alias,
    });
    const batch = await resolveBatch([bought.name]);
    expect(
      (batch.json() as { names: Record<string, { evmAddress: string }> }).names[bought.name],
    ).toMatchObject({ evmAddress: alias });
    const { rows } = await t.database.db.execute<{ evm_address: string }>(
      sql`select evm_address from account_evm_addresses where account_id = ${carol.accountId}`,
    );
    expect(rows).toEqual([{ evm_address: alias }]);

    // Sent on to an account without an alias: the long-zero form of the receiver.
    const dave = await holder();
    expect((await t.sendNft(carol, bought.tokenId!, bought.serialNo!, dave.accountId)).status).toBe(
      'SUCCESS',
    );
    await t.app.ledgerWatcher!.catchUp();
    expect((await resolve(bought.name)).json()).toMatchObject({
      accountId: dave.accountId,
      evmAddress: longZero(dave.accountId),
    });
  });

  it('resolves to nobody in the grace period, and is not found once released', async () => {
    const alice = await holder();
    const bought = await t.buyDomain(alice);
    await t.expire(bought.name, new Date(Date.now() - 2 * DAY));
    const inGrace = await resolve(bought.name);
    expect(inGrace.statusCode).toBe(200);
    expect(inGrace.json()).toMatchObject({ accountId: null, evmAddress: null, isPrimaryName: false });

    await t.expire(bought.name, new Date(Date.now() - (GRACE_DAYS + 1) * DAY));
    const released = await resolve(bought.name);
    expect(released.statusCode).toBe(404);
    expect(released.json().code).toBe('NOT_FOUND');
  });

  it('answers a batch as it answers each name, null for a name nobody holds', async () => {
    const alice = await holder();
    const [one, two] = [await t.buyDomain(alice), await t.buyDomain(alice)];
    const nobody = t.uniqueName();
    const batch = await resolveBatch([one.name, two.name, nobody, one.name]);
    expect(batch.statusCode).toBe(200);
    expect(batch.headers['access-control-allow-origin']).toBe('*');
    expect(batch.json()).toEqual({
      names: {
        [one.name]: (await resolve(one.name)).json(),
        [two.name]: (await resolve(two.name)).json(),
        [nobody]: null,
      },
    });
  });

  it('refuses malformed names and batches with 400, and answers the browser’s preflight', async () => {
    const malformed = await resolve('not a name');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await resolveBatch([])).statusCode).toBe(400);
    expect((await resolveBatch(['<script>.hbar'])).statusCode).toBe(400);
    const tooMany = Array.from({ length: MAX_RESOLVE_BATCH + 1 }, (_, index) => `name${index}.hbar`);
    expect((await resolveBatch(tooMany)).statusCode).toBe(400);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/resolve',
      headers: { origin: 'https://wallet.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});
