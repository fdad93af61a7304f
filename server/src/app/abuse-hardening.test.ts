import { PrivateKey } from '@hashgraph/sdk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteRequest } from '@registry/contracts/orders';
import { engineCases } from '../testing/test-databases';
import { signMessageLikeWallet, startTestApp, type SignedIn, type TestApp } from '../testing/test-app';

const buy = (...names: string[]): QuoteRequest => ({
  kind: 'domains',
  items: names.map((itemName) => ({ itemName, months: 12, isWebProtectionOn: false })),
});

/** A visitor on another machine, as the socket would show it. */
const REMOTE = '203.0.113.9';

describe.each(engineCases)('abuse hardening on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, {
      RATE_LIMIT_QUOTE: '4',
      RATE_LIMIT_QUOTE_ADDRESS: '8',
      HELD_NAMES_PER_ACCOUNT: '4',
      HELD_NAMES_PER_ADDRESS: '6',
      RATE_LIMIT_HOLDER_REFRESH: '2',
      SESSION_IDLE_MS: '60000',
      RATE_LIMIT_SIGN_IN: '1000000',
    });
  });
  afterAll(() => t.close());

  /** A quote sent from the given client address. */
  const quoteFrom = (buyer: SignedIn, request: QuoteRequest, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders/quote',
      headers: { cookie: buyer.cookie },
      payload: request,
      remoteAddress,
    });

  const session = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

  describe('1. holds cost', () => {
    it('limits quotes per account, whatever address they come from', async () => {
      const buyer = await t.signIn();
      const name = t.uniqueName();
      const statuses: number[] = [];
      for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'])
        statuses.push((await quoteFrom(buyer, buy(name), address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const refused = await quoteFrom(buyer, buy(name), '198.51.100.6');
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });

    it('limits quotes per client address, whatever account sends them', async () => {
      const address = '198.51.100.20';
      const [first, second, third] = [await t.signIn(), await t.signIn(), await t.signIn()];
      const [a, b] = [t.uniqueName(), t.uniqueName()];
      const statuses: number[] = [];
      // Eight quotes from one address (each account re-quotes its one name: no new holds)…
      for (let index = 0; index < 4; index += 1) {
        statuses.push((await quoteFrom(first, buy(a), address)).statusCode);
        statuses.push((await quoteFrom(second, buy(b), address)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200]);
      // …then a third account from the same address is refused within the minute.
      const refused = await quoteFrom(third, buy(t.uniqueName()), address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await quoteFrom(third, buy(t.uniqueName()), '198.51.100.22')).statusCode).toBe(200);
    });

    it('caps the names one account holds at once; a re-quote of held names takes no new hold', async () => {
      const buyer = await t.signIn();
      const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => t.uniqueName());
      expect((await quoteFrom(buyer, buy(a!, b!), '198.51.100.30')).statusCode).toBe(200);
      expect((await quoteFrom(buyer, buy(c!, d!), '198.51.100.31')).statusCode).toBe(200);
      const over = await quoteFrom(buyer, buy(e!), '198.51.100.32');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ code: 'TOO_MANY_HOLDS' });
      // The same cart again (a retry) is within the cap.
      expect((await quoteFrom(buyer, buy(a!, b!), '198.51.100.33')).statusCode).toBe(200);
    });

    it('caps the names one client address holds at once, across accounts', async () => {
      const address = '198.51.100.40';
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const buyer = await t.signIn();
        const answer = await quoteFrom(buyer, buy(t.uniqueName(), t.uniqueName()), address);
        statuses.push(answer.statusCode);
        if (answer.statusCode !== 200) expect(answer.json()).toMatchObject({ code: 'TOO_MANY_HOLDS' });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });

    it("never holds a name past one quote's life from the first, and others see it taken meanwhile", async () => {
      const squatter = await t.signIn();
      const shopper = await t.signIn();
      const name = t.uniqueName();
      const first = await quoteFrom(squatter, buy(name), '198.51.100.50');
      expect(first.statusCode).toBe(200);
      const firstExpiry = new Date(first.json().expiresAt).getTime();

      // The other shopper meets the hold: taken, not available.
      const taken = await quoteFrom(shopper, buy(name), '198.51.100.51');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'DOMAINS_TAKEN' });
      const availability = await t.app.inject({
        method: 'GET',
        url: `/api/domains/availability?name=${name}`,
        headers: { cookie: shopper.cookie },
      });
      expect(availability.json()).toMatchObject({ available: false });

      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await quoteFrom(squatter, buy(name), '198.51.100.52');
      expect(again.statusCode).toBe(200);
      expect(new Date(again.json().expiresAt).getTime()).toBeLessThanOrEqual(firstExpiry);

      // Withdrawing and quoting again continues the same hold: no fresh ten minutes.
      const withdrawn = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${again.json().orderId}/withdraw`,
        headers: { cookie: squatter.cookie },
        remoteAddress: '198.51.100.52',
      });
      expect(withdrawn.statusCode).toBe(200);
      const afterWithdraw = await quoteFrom(squatter, buy(name), '198.51.100.53');
      expect(afterWithdraw.statusCode).toBe(200);
      expect(new Date(afterWithdraw.json().expiresAt).getTime()).toBeLessThanOrEqual(firstExpiry);

      // Near the end of the hold's life there is no time left to pay: it is not quoted again.
      await t.database.db.execute(
        sql`update name_holds set held_since = now() - interval '9 minutes 50 seconds' where name = ${name}`,
      );
      const spent = await quoteFrom(squatter, buy(name), '198.51.100.54');
      expect(spent.statusCode).toBe(409);
      expect(spent.json()).toMatchObject({ code: 'HOLD_SPENT' });
    });
  });

  describe('2. "this machine only" cannot be reached through a proxy', () => {
    const localRoutes = [
      ['GET', '/metrics', undefined],
      ['POST', '/ledger/control', { paused: true }],
      ['POST', '/ledger/rate', { usdPerHbar: 0.000001 }],
      ['POST', '/ledger/faucet', { publicKey: PrivateKey.generateED25519().publicKey.toStringDer() }],
      ['POST', '/ledger/domain-expiry', { name: 'victim.hbar', expiresAt: new Date(0).toISOString() }],
    ] as const;

    it('refuses every local route to a request a proxy forwarded, when that proxy is not trusted', async () => {
      for (const [method, url, payload] of localRoutes) {
        for (const headers of [
          { 'x-forwarded-for': REMOTE },
          // Even a proxy claiming a local client is not believed without TRUST_PROXY.
          { 'x-forwarded-for': '127.0.0.1' },
          { forwarded: `for=${REMOTE};proto=http` },
          { 'x-real-ip': REMOTE },
        ]) {
          const response = await t.app.inject({ method, url, payload, headers, remoteAddress: '127.0.0.1' });
          expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
        }
      }
      // Straight from this machine it still answers.
      const direct = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(direct.statusCode).toBe(200);
    });

    it('behind a trusted proxy, only a client the proxy names as local is local', async () => {
      const proxied = await startTestApp(open, { TRUST_PROXY: '127.0.0.1' });
      try {
        const metrics = (headers: Record<string, string>) =>
          proxied.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress: '127.0.0.1' });
        expect((await metrics({ 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
        expect((await metrics({ 'x-forwarded-for': REMOTE })).statusCode).toBe(403);
        // A header Fastify does not read naming someone else.
        expect((await metrics({ 'x-forwarded-for': '127.0.0.1', 'x-real-ip': REMOTE })).statusCode).toBe(403);
        // A client that sends its own X-Forwarded-For from elsewhere: the socket is not the proxy.
        const spoofed = await proxied.app.inject({
          method: 'POST',
          url: '/ledger/control',
          payload: { paused: true },
          headers: { 'x-forwarded-for': '127.0.0.1' },
          remoteAddress: REMOTE,
        });
        expect(spoofed.statusCode).toBe(403);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('3. the gateway', () => {
    it('redirects to the record as the URL parser writes it, and a bad record is no 500', async () => {
      const owner = await t.signIn();
      const domain = await t.buyDomain(owner, t.uniqueName(), { subscribed: true });
      const setSite = async (value: string) => {
        const saved = await t.app.inject({
          method: 'PUT',
          url: `/api/my/domains/${domain.name}/records`,
          headers: { cookie: owner.cookie },
          payload: { field: 'siteAddress', value },
        });
        expect(saved.statusCode, value).toBe(200);
        await t.purchase(owner, { kind: 'record-fee', itemName: domain.name });
        const activated = await t.app.inject({
          method: 'POST',
          url: `/api/my/domains/${domain.name}/records/status`,
          headers: { cookie: owner.cookie },
          payload: { flag: 'statusSiteAddress' },
        });
        expect(activated.statusCode).toBe(200);
        return t.app.inject({ method: 'GET', url: `/r/${domain.name}` });
      };
      const euro = await setSite('https://example.com/€');
      expect(euro.statusCode).toBe(302);
      expect(euro.headers.location).toBe('https://example.com/%E2%82%AC');
      const markup = await setSite('https://example.com/"><script>');
      expect(markup.statusCode).toBe(302);
      expect(markup.headers.location).toBe('https://example.com/%22%3E%3Cscript%3E');
    });

    it('answers an unexpected failure with a plain 500 that names no internal error', async () => {
      const failing = await startTestApp(open);
      try {
        failing.app.get('/boom', async (_request, reply) => {
          // What a broken header used to do: the error is Node's own, with its code and text.
          reply.header('x-test', 'ok');
          reply.header('location', 'https://example.com/€');
          return reply.status(302).send();
        });
        const answer = await failing.app.inject({ method: 'GET', url: '/boom' });
        expect(answer.statusCode).toBe(500);
        expect(answer.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
        expect(answer.body).not.toMatch(/ERR_INVALID_CHAR|Invalid character/);
      } finally {
        await failing.close();
      }
    });
  });

  describe('4. writes come from the app itself', () => {
    it('refuses a state change sent from another origin, JSON or not; reads stay open', async () => {
      const buyer = await t.signIn();
      const quoted = await quoteFrom(buyer, buy(t.uniqueName()), '198.51.100.60');
      const orderId = quoted.json().orderId as string;
      for (const url of [`/api/orders/${orderId}/withdraw`, '/api/orders/deliveries', '/api/auth/logout']) {
        const crossSite = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: buyer.cookie, 'content-type': 'text/plain', origin: 'http://evil.example' },
          payload: 'x',
        });
        expect(crossSite.statusCode, url).toBe(403);
        expect(crossSite.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
        const sibling = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: buyer.cookie, 'sec-fetch-site': 'same-site' },
        });
        expect(sibling.statusCode, url).toBe(403);
      }
      // The picture upload sits outside /api's scope and is held the same way.
      const picture = await t.app.inject({
        method: 'PUT',
        url: '/api/my/profile/picture',
        headers: { cookie: buyer.cookie, origin: 'http://evil.example', 'content-type': 'image/png' },
        payload: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
      });
      expect(picture.statusCode).toBe(403);
      expect(picture.json()).toMatchObject({ code: 'CROSS_ORIGIN' });
      // Nothing happened: the quote is still open and the session still works.
      expect((await session(buyer.cookie)).statusCode).toBe(200);
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/withdraw`,
        headers: { cookie: buyer.cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual({ withdrawn: true });
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/tlds',
        headers: { origin: 'http://evil.example' },
      });
      expect(read.statusCode).toBe(200);
      // A search sent as POST changes nothing: it stays open to other sites too.
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/domains/taken',
        headers: { origin: 'http://evil.example' },
        payload: { names: [t.uniqueName()] },
      });
      expect(search.statusCode).toBe(200);
    });
  });

  describe('5. sessions', () => {
    it('ends a session left idle, before its absolute expiry', async () => {
      const user = await t.signIn();
      expect((await session(user.cookie)).statusCode).toBe(200);
      await t.database.db.execute(
        sql`update sessions set last_seen_at = now() - interval '61 seconds' where account_id = ${user.accountId}`,
      );
      expect((await session(user.cookie)).statusCode).toBe(401);
    });

    it('keeps a session in use alive past the idle time', async () => {
      const user = await t.signIn();
      await t.database.db.execute(
        sql`update sessions set last_seen_at = now() - interval '59 seconds' where account_id = ${user.accountId}`,
      );
      // This request is seen, so the session is not idle for another minute.
      expect((await session(user.cookie)).statusCode).toBe(200);
      await t.database.db.execute(
        sql`update sessions set last_seen_at = last_seen_at - interval '30 seconds' where account_id = ${user.accountId}`,
      );
      expect((await session(user.cookie)).statusCode).toBe(200);
    });

    it('signs out everywhere: every browser of the account, and no other account', async () => {
      const key = PrivateKey.generateED25519();
      const first = await t.signIn(key);
      const second = await signInAgain(first);
      const stranger = await t.signIn();
      const ended = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout-everywhere',
        headers: { cookie: first.cookie },
      });
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ ended: 2 });
      expect((await session(first.cookie)).statusCode).toBe(401);
      expect((await session(second)).statusCode).toBe(401);
      expect((await session(stranger.cookie)).statusCode).toBe(200);
    });

    it('names the cookie __Host- over https, Secure with path / and no domain', async () => {
      const secure = await startTestApp(open, { PUBLIC_URL: 'https://domains.example' });
      try {
        const key = PrivateKey.generateED25519();
        const accountId = await secure.writer.createAccount(key.publicKey);
        const challenge = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/challenge',
          payload: { accountId },
        });
        const { nonce, message } = challenge.json();
        const verified = await secure.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { accountId, nonce, signatureMap: signMessageLikeWallet(key, message) },
        });
        const cookie = verified.cookies.find((item) => item.name === '__Host-registry_session');
        expect(cookie).toMatchObject({ secure: true, path: '/', httpOnly: true });
        expect(cookie!.domain).toBeUndefined();
        const asked = (name: string) =>
          secure.app.inject({
            method: 'GET',
            url: '/api/auth/session',
            headers: { cookie: `${name}=${cookie!.value}` },
          });
        expect((await asked('__Host-registry_session')).statusCode).toBe(200);
        // The unprefixed name, which a sibling subdomain could set, is not read.
        expect((await asked('registry_session')).statusCode).toBe(401);
      } finally {
        await secure.close();
      }
    });
  });

  describe('6. the holder refresh', () => {
    it('is limited per account', async () => {
      const owner = await t.signIn();
      const domain = await t.buyDomain(owner);
      const refresh = (who: SignedIn, address: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/my/domains/${domain.name}/holder`,
          headers: { cookie: who.cookie },
          remoteAddress: address,
        });
      const other = await t.signIn();
      const statuses = [];
      for (const address of ['198.51.100.70', '198.51.100.71', '198.51.100.72'])
        statuses.push((await refresh(other, address)).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      // Another account is not held back by it.
      expect((await refresh(owner, '198.51.100.73')).statusCode).toBe(200);
    });
  });

  describe('7. sign-in challenges', () => {
    it('uses a challenge up on a failed signature: a good one after it on the same nonce is refused', async () => {
      const key = PrivateKey.generateED25519();
      const accountId = await t.writer.createAccount(key.publicKey);
      const challenge = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        payload: { accountId },
      });
      const { nonce, message } = challenge.json();
      const verify = (signer: PrivateKey) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/verify',
          payload: { accountId, nonce, signatureMap: signMessageLikeWallet(signer, message) },
        });
      const wrong = await verify(PrivateKey.generateED25519());
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
      const right = await verify(key);
      expect(right.statusCode).toBe(401);
      expect(right.json().message).toMatch(/unknown, used or expired/);
    });

    it('issues and stores no challenge for an account the ledger does not know', async () => {
      const unknown = '0.0.987654';
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/challenge',
        payload: { accountId: unknown },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'ACCOUNT_UNKNOWN' });
      const stored = await t.database.db.execute(
        sql`select count(*)::int as count from auth_challenges where account_id = ${unknown}`,
      );
      expect(rowsOf(stored)[0]).toEqual({ count: 0 });
    });
  });

  /** The same account signed in from a second browser: its own session cookie. */
  async function signInAgain(signedIn: SignedIn): Promise<string> {
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId: signedIn.accountId },
    });
    const { nonce, message } = challenge.json();
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: {
        accountId: signedIn.accountId,
        nonce,
        signatureMap: signMessageLikeWallet(signedIn.key, message),
      },
    });
    const cookie = verified.cookies.find((item) => item.name === 'registry_session')!;
    return `registry_session=${cookie.value}`;
  }
});

/** Rows of a raw statement, from either engine's driver. */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}
