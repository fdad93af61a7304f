import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotePreview, QuoteRequest } from '@registry/contracts/orders';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('checkout prices on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  const preview = (buyer: SignedIn, body: QuoteRequest) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/preview',
      headers: { cookie: buyer.cookie },
      payload: body,
    });
  const cart = (...names: string[]): QuoteRequest => ({
    kind: 'domains',
    items: names.map((itemName, index) => ({
      itemName,
      months: index === 0 ? 24 : 12,
      isWebProtectionOn: false,
    })),
  });

  it('says what the quote will, without an order or a held name', async () => {
    const buyer = await t.signIn();
    const names = [t.uniqueName(), t.uniqueName()];
    const previewed = await preview(buyer, cart(...names));
    expect(previewed.statusCode).toBe(200);
    const body = previewed.json<QuotePreview>();
    expect(body).toMatchObject({ kind: 'domains', subtotalHbar: 30, totalHbar: 30, discounts: [] });
    expect(body.lines.map(({ itemName, months, price }) => [itemName, months, price])).toEqual([
      [names[0], 24, 20],
      [names[1], 12, 10],
    ]);

    // Nothing is held: someone else quotes the same name at once; the buyer's preview then says it is gone.
    const other = await t.signIn();
    const quoted = await t.quote(other, cart(names[0]!));
    expect(quoted.status).toBe(200);
    expect(quoted.body.totalHbar).toBe(20);
    const again = await preview(buyer, cart(...names));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DOMAINS_TAKEN' });
  });

  it("takes the early-access discount off for a holder of the local ledger's pass, in the quote too", async () => {
    const { tokenId } = (await t.app.inject({ method: 'GET', url: '/ledger/early-access-pass' })).json<{
      tokenId: string;
    }>();
    const member = await t.signIn();
    await t.writer.associate(member.accountId, member.key, tokenId);
    const given = await t.app.inject({
      method: 'POST',
      url: '/ledger/early-access-pass',
      payload: { accountId: member.accountId },
    });
    expect(given.statusCode).toBe(200);

    const request = cart(t.uniqueName());
    const previewed = (await preview(member, request)).json<QuotePreview>();
    expect(previewed.discounts).toEqual([
      { id: 'early-access', label: 'Early access discount', percent: 25, amount: 5 },
    ]);
    expect(previewed.totalHbar).toBe(15);
    const quoted = await t.quote(member, request);
    expect(quoted.body).toMatchObject({ totalHbar: 15, amountTinybars: '1500000000' });
    expect(quoted.body.discounts).toEqual(previewed.discounts);
  });

  it('needs a signed-in buyer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/orders/preview',
      payload: cart('a.hbar'),
    });
    expect(response.statusCode).toBe(401);
  });
});
