import { PrivateKey } from '@hashgraph/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

/** Who a request comes from is the socket's address unless a trusted proxy says otherwise. */
describe('client identity', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const randomAddress = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.');

  async function availabilityStatuses(app: TestApp['app'], count: number, forwarded: () => string) {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/domains/availability?name=alpha.hbar',
        headers: { 'x-forwarded-for': forwarded() },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it('ignores a made-up X-Forwarded-For: the rate limit holds per connection', async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SEARCH: '5' });
    const statuses = await availabilityStatuses(t.app, 8, randomAddress);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('uses X-Forwarded-For when the proxy it comes through is configured', async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SEARCH: '5', TRUST_PROXY: '127.0.0.1' });
    const statuses = await availabilityStatuses(t.app, 8, randomAddress);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });

  it('limits the faucet per client and per hour; a made-up X-Forwarded-For gets no faucet at all', async () => {
    t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_FAUCET: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/ledger/faucet',
        payload: { publicKey: PrivateKey.generateED25519().publicKey.toStringDer() },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      headers: { 'x-forwarded-for': randomAddress() },
      payload: { publicKey: PrivateKey.generateED25519().publicKey.toStringDer() },
    });
    expect(forwarded.statusCode).toBe(403);
  });

  it('keeps the faucet and the pause switch to loopback clients', async () => {
    t = await startTestApp(engineCases[0]!.open);
    const fromNetwork = { remoteAddress: '203.0.113.7' };
    const faucet = await t.app.inject({
      method: 'POST',
      url: '/ledger/faucet',
      payload: { publicKey: PrivateKey.generateED25519().publicKey.toStringDer() },
      ...fromNetwork,
    });
    expect(faucet.statusCode).toBe(403);
    expect(faucet.json()).toEqual({ code: 'LOOPBACK_ONLY', message: expect.stringMatching(/same machine/) });
    const control = await t.app.inject({
      method: 'POST',
      url: '/ledger/control',
      payload: { paused: true },
      ...fromNetwork,
    });
    expect(control.statusCode).toBe(403);
    expect(t.ledger.isPaused()).toBe(false);

    const local = await t.app.inject({
      method: 'POST',
      url: '/ledger/control',
      payload: { paused: false },
      remoteAddress: '::ffff:127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
  });

  it('opens the faucet and the pause switch to everyone when configured', async () => {
    t = await startTestApp(engineCases[0]!.open, { LEDGER_DEV_ROUTES: 'open' });
    const control = await t.app.inject({
      method: 'POST',
      url: '/ledger/control',
      payload: { paused: false },
      remoteAddress: '203.0.113.7',
    });
    expect(control.statusCode).toBe(200);
  });
});

describe.each(engineCases)('verification mail limits on $engine', ({ open }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function withProfileEmail(email: string) {
    const account = await t!.signIn();
    const saved = await t!.app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: account.cookie },
      payload: {
        fullName: 'Ada Lovelace',
        email,
        countryCode: '+1',
        mobileNo: '2015550123',
        adrLine1: '1 Main St',
        adrLine2: '',
        city: 'Springfield',
        state: 'Illinois',
        country: 'United States',
        pincode: '62701',
      },
    });
    expect(saved.statusCode).toBe(200);
    return account;
  }

  const requestMail = (cookie: string, email: string) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/my/email-verification',
      headers: { cookie, 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` },
      payload: { email },
    });

  it('sends an account at most its hourly share, even when asked concurrently', async () => {
    t = await startTestApp(open, { RATE_LIMIT_VERIFICATION_MAIL: '3' });
    const account = await withProfileEmail('ada@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => requestMail(account.cookie, 'ada@example.com')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(t.mail).toHaveLength(3);
  });

  it('sends one address at most its hourly share, whichever accounts ask', async () => {
    t = await startTestApp(open, { RATE_LIMIT_VERIFICATION_MAIL: '2' });
    const first = await withProfileEmail('victim@example.com');
    const second = await withProfileEmail('Victim@example.com');
    expect((await requestMail(first.cookie, 'victim@example.com')).statusCode).toBe(200);
    expect((await requestMail(second.cookie, 'Victim@example.com')).statusCode).toBe(200);
    expect((await requestMail(second.cookie, 'Victim@example.com')).statusCode).toBe(429);
    expect((await requestMail(first.cookie, 'victim@example.com')).statusCode).toBe(429);
    expect(t.mail).toHaveLength(2);
  });
});
