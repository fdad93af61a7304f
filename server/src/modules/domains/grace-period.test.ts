import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainRecords, domains } from '../../db/schema';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;
/** Not the default (30), to show the setting is what counts. */
const GRACE_DAYS = 20;

describe.each(engineCases)('the grace period after expiry on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { GRACE_PERIOD_DAYS: String(GRACE_DAYS) });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('keeps an expired name from others for the grace period; its owner alone may extend it', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const domain = await t.buyDomain(owner);
    const expiredAt = new Date(Date.now() - 10 * DAY);
    await t.expire(domain.name, expiredAt);

    expect((await get(`/api/domains/availability?name=${domain.name}`)).json()).toMatchObject({
      status: 0,
      available: false,
    });
    const stolen = await t.quote(other, {
      kind: 'domains',
      items: [{ itemName: domain.name, months: 12, isWebProtectionOn: false }],
    });
    expect(stolen.status).toBe(409);
    expect((await t.quote(other, { kind: 'extend', itemName: domain.name, months: 12 })).status).toBe(404);

    const detail = (await get(`/api/my/domains/${domain.name}`, owner.cookie)).json();
    expect(detail).toMatchObject({ activeStatus: 'Inactive' });
    expect(new Date(detail.graceEndsOn).getTime()).toBe(expiredAt.getTime() + GRACE_DAYS * DAY);

    await t.purchase(owner, { kind: 'extend', itemName: domain.name, months: 12 });
    const extended = (await get(`/api/my/domains/${domain.name}`, owner.cookie)).json();
    expect(extended.graceEndsOn).toBeNull();
    expect(extended.activeStatus).toBe('Active');
  });

  it('releases the name once the grace period is over: anyone may register it, its owner may no longer extend it', async () => {
    const owner = await t.signIn();
    const next = await t.signIn();
    const domain = await t.buyDomain(owner);
    await t.database.db.insert(domainRecords).values({ domainName: domain.name, twitter: 'old-owner' });
    await t.expire(domain.name, new Date(Date.now() - (GRACE_DAYS + 1) * DAY));

    expect((await get(`/api/domains/availability?name=${domain.name}`)).json()).toMatchObject({
      status: 1,
      available: true,
    });
    expect((await get(`/api/resolve/${domain.name}`)).statusCode).toBe(404);
    const late = await t.quote(owner, { kind: 'extend', itemName: domain.name, months: 12 });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('NAME_RELEASED');

    await t.buyDomain(next, domain.name);
    const [row] = await t.database.db.select().from(domains).where(eq(domains.name, domain.name));
    expect(row).toMatchObject({ ownerAccount: next.accountId, status: 22 });
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 300 * DAY);
    // A new NFT for the new owner, not the former one's.
    expect(row!.serialNo).not.toBe(domain.serialNo);
    expect(
      await t.database.db.select().from(domainRecords).where(eq(domainRecords.domainName, domain.name)),
    ).toEqual([]);
    const formerList = (await get('/api/my/domains', owner.cookie)).json().domains as { itemName: string }[];
    expect(formerList.map((item) => item.itemName)).not.toContain(domain.name);
    expect((await get(`/api/resolve/${domain.name}`)).statusCode).toBe(200);
  });
});
