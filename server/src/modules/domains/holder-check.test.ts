import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp, type SignedIn } from '../../testing/test-app';
import { HOLDER_FRESH_MS } from './domain-nfts';

/**
 * The owner-only writes read the name's NFT holder from the ledger (at most `HOLDER_FRESH_MS` old),
 * not the row the ledger watcher last wrote: the watcher does not run here, so only that read can
 * tell the server that the NFT moved.
 */
describe.each(engineCases)('owner-only writes follow the ledger at once, on $engine', ({ open }) => {
  let t: TestApp;
  let tokenId: string;

  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });
    tokenId = await t.openCollection();
  });
  afterAll(() => t.close());

  const send = (who: SignedIn, method: 'PUT' | 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, payload });
  const quoteExtend = (who: SignedIn, name: string) =>
    t.quote(who, { kind: 'extend', itemName: name, months: 12 });
  const setRecord = (who: SignedIn, name: string) =>
    send(who, 'PUT', `/api/my/domains/${name}/records`, {
      field: 'siteAddress',
      value: 'https://example.com/',
    });
  const makePrimary = (who: SignedIn, name: string) => send(who, 'PUT', '/api/my/primary-name', { name });
  const quoteProtection = (who: SignedIn, name: string) =>
    t.quote(who, { kind: 'web-protection', itemName: name });
  const quoteSubdomain = (who: SignedIn, name: string) =>
    t.quote(who, { kind: 'subdomain', parent: name, label: 'blog' });

  it('a seller loses every write the moment the NFT leaves their wallet; the receiver has them at once', async () => {
    const seller = await t.holderOf(tokenId);
    const receiver = await t.holderOf(tokenId);
    const domain = await t.buyDomain(seller, undefined, { subscribed: true });
    const name = domain.name;
    // Before the sale, the seller may (each read puts the holder in the cache).
    expect((await quoteExtend(seller, name)).status).toBe(200);
    expect((await setRecord(seller, name)).statusCode).toBe(200);

    expect((await t.sendNft(seller, tokenId, domain.serialNo!, receiver.accountId)).status).toBe('SUCCESS');
    // A read at most HOLDER_FRESH_MS old stands: past it, every write asks the ledger again.
    await new Promise((resolve) => setTimeout(resolve, HOLDER_FRESH_MS + 100));

    const sellerTries = {
      extend: (await quoteExtend(seller, name)).status,
      records: (await setRecord(seller, name)).statusCode,
      primary: (await makePrimary(seller, name)).statusCode,
      protection: (await quoteProtection(seller, name)).status,
      subdomain: (await quoteSubdomain(seller, name)).status,
      transfer: (await send(seller, 'POST', `/api/my/domains/${name}/transfer`, { to: receiver.accountId }))
        .statusCode,
    };
    expect(sellerTries).toEqual({
      extend: 404,
      records: 404,
      primary: 403,
      protection: 404,
      subdomain: 404,
      transfer: 404,
    });

    // The name is the receiver's: records come with it (its subscription too), and the rest is open.
    expect((await quoteExtend(receiver, name)).status).toBe(200);
    expect((await setRecord(receiver, name)).statusCode).toBe(200);
    expect((await makePrimary(receiver, name)).statusCode).toBe(200);
    expect((await quoteProtection(receiver, name)).status).toBe(200);
    expect((await quoteSubdomain(receiver, name)).status).toBe(200);
    const back = await send(receiver, 'POST', `/api/my/domains/${name}/transfer`, { to: seller.accountId });
    expect(back.json()).toEqual({ tokenId, serialNumber: domain.serialNo, to: seller.accountId });
  });

  it('answers 503 while the ledger cannot be read, rather than trust the last row', async () => {
    const owner = await t.holderOf(tokenId);
    const domain = await t.buyDomain(owner, undefined, { subscribed: true });
    await new Promise((resolve) => setTimeout(resolve, HOLDER_FRESH_MS + 100));
    t.ledger.pause();
    try {
      const records = await setRecord(owner, domain.name);
      expect(records.statusCode).toBe(503);
      expect(records.json()).toEqual({ code: 'HCS-DOWN', message: expect.stringContaining(domain.name) });
      const primary = await makePrimary(owner, domain.name);
      expect(primary.statusCode).toBe(503);
    } finally {
      t.ledger.resume();
    }
    expect((await setRecord(owner, domain.name)).statusCode).toBe(200);
    expect((await makePrimary(owner, domain.name)).statusCode).toBe(200);
  });
});
