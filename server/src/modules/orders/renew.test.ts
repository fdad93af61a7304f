import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('renewing several domains in one payment on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  it('quotes one amount for all, and extends each by its own term once paid', async () => {
    const owner = await t.signIn();
    const first = await t.buyDomain(owner);
    const second = await t.buyDomain(owner);
    const request = {
      kind: 'renew' as const,
      items: [
        { itemName: first.name, months: 12 },
        { itemName: second.name, months: 24 },
      ],
    };
    const quoted = await t.quote(owner, request);
    expect(quoted.status).toBe(200);
    expect(quoted.body).toMatchObject({ kind: 'renew', totalHbar: 30, amountTinybars: '3000000000' });

    const answer = await t.purchase(owner, request);
    expect(answer.body.resData).toEqual([
      { itemName: first.name, status: 1 },
      { itemName: second.name, status: 1 },
    ]);
    const details = async (name: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/my/domains/${name}`,
          headers: { cookie: owner.cookie },
        })
      ).json<{ expiresOn: string }>().expiresOn;
    const monthsLater = (from: Date, months: number) => {
      const date = new Date(from);
      date.setUTCMonth(date.getUTCMonth() + months);
      return date.toISOString();
    };
    expect(await details(first.name)).toBe(monthsLater(first.expiresAt, 12));
    expect(await details(second.name)).toBe(monthsLater(second.expiresAt, 24));
  });

  it("refuses a domain that is not the buyer's, the same domain twice, and more than ten", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const mine = await t.buyDomain(owner);
    const theirs = await t.buyDomain(other);
    const refused = await t.quote(owner, {
      kind: 'renew',
      items: [
        { itemName: mine.name, months: 12 },
        { itemName: theirs.name, months: 12 },
      ],
    });
    expect(refused.status).toBe(404);
    const twice = await t.quote(owner, {
      kind: 'renew',
      items: [
        { itemName: mine.name, months: 12 },
        { itemName: mine.name, months: 24 },
      ],
    });
    expect(twice.status).toBe(400);
    const many = await t.quote(owner, {
      kind: 'renew',
      items: Array.from({ length: 11 }, (_, index) => ({ itemName: `n${index}abc.hbar`, months: 12 })),
    });
    expect(many.status).toBe(400);
  });
});
