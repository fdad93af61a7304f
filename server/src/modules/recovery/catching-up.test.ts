import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('catching up with the journal on $engine', ({ open }) => {
  let t: TestApp;
  let owner: SignedIn;
  let name: string;
  beforeAll(async () => {
    t = await startTestApp(open);
    owner = await t.signIn();
    name = (await t.buyDomain(owner)).name;
    while ((await t.app.journalPublisher!.publish()) > 0);
  });
  afterAll(() => t.close());

  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/healthz' })).json() as {
      status: string;
      journal: { phase: string };
    };

  it('answers reads and holds writes on names and orders until level with the ledger, trying again while it is down', async () => {
    // The ledger cannot be read: the catch-up fails and stays to be tried again.
    t.ledger.pause();
    await expect(t.app.recovery!.catchUp()).rejects.toThrow();
    expect(await health()).toMatchObject({ status: 'catching-up', journal: { phase: 'catching-up' } });

    const quote = await t.quote(owner, {
      kind: 'domains',
      items: [{ itemName: t.uniqueName(), months: 12, isWebProtectionOn: false }],
    });
    expect(quote.status).toBe(503);
    expect(quote.body).toEqual({
      code: 'CATCHING_UP',
      message: 'The registry is catching up with the ledger; try again in a moment',
    });
    const primary = await t.app.inject({
      method: 'PUT',
      url: '/api/my/primary-name',
      headers: { cookie: owner.cookie },
      payload: { name },
    });
    expect(primary.statusCode).toBe(503);
    // Reads answer as the database stands; signing in (nothing the journal holds) is not held back.
    const resolved = await t.app.inject({ method: 'GET', url: `/api/resolve/${name}` });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ accountId: owner.accountId });
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId: owner.accountId },
    });
    expect(challenge.json().code).not.toBe('CATCHING_UP');

    t.ledger.resume();
    await t.app.recovery!.catchUp();
    expect(await health()).toMatchObject({ status: 'ok', journal: { phase: 'level', applied: 0 } });
    const after = await t.quote(owner, {
      kind: 'domains',
      items: [{ itemName: t.uniqueName(), months: 12, isWebProtectionOn: false }],
    });
    expect(after.status).toBe(200);
  });
});
