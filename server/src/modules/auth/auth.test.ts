import { PrivateKey } from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { signMessageLikeWallet, startTestApp, type TestApp } from '../../testing/test-app';

describe.each(engineCases)('wallet sign-in on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  async function challenge(accountId: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { nonce: string; message: string; expiresAt: string };
  }

  const verify = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/verify', payload });

  it('opens an httpOnly SameSite session for a signature made with the ledger key', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const { nonce, message, expiresAt } = await challenge(accountId);
    expect(message).toContain(nonce);
    expect(new Date(expiresAt).getTime()).toBeGreaterThan(Date.now());
    const response = await verify({ accountId, nonce, signatureMap: signMessageLikeWallet(key, message) });
    expect(response.statusCode).toBe(200);
    expect(response.json().accountId).toBe(accountId);
    const cookie = response.cookies.find((item) => item.name === 'registry_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `registry_session=${cookie.value}` },
    });
    expect(session.json()).toEqual({ accountId });
  });

  it('works for ECDSA accounts too', async () => {
    const signedIn = await t.signIn(PrivateKey.generateECDSA());
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: signedIn.cookie },
    });
    expect(session.json()).toEqual({ accountId: signedIn.accountId });
  });

  it('refuses a signature by another key than the account holds on the ledger', async () => {
    const accountId = await t.writer.createAccount(PrivateKey.generateED25519().publicKey);
    const { nonce, message } = await challenge(accountId);
    const response = await verify({
      accountId,
      nonce,
      signatureMap: signMessageLikeWallet(PrivateKey.generateED25519(), message),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_SIGNATURE');
  });

  it('refuses a signature over another message', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const { nonce } = await challenge(accountId);
    const response = await verify({
      accountId,
      nonce,
      signatureMap: signMessageLikeWallet(key, 'something else entirely'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts each challenge once', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const { nonce, message } = await challenge(accountId);
    const signatureMap = signMessageLikeWallet(key, message);
    expect((await verify({ accountId, nonce, signatureMap })).statusCode).toBe(200);
    const replay = await verify({ accountId, nonce, signatureMap });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a challenge issued for another account', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const other = await t.writer.createAccount(PrivateKey.generateED25519().publicKey);
    const { nonce, message } = await challenge(other);
    const response = await verify({ accountId, nonce, signatureMap: signMessageLikeWallet(key, message) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an account the ledger does not know: no challenge, and no session without one', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId: '0.0.999999' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_UNKNOWN' });
    const response = await verify({
      accountId: '0.0.999999',
      nonce: 'bWFkZS11cC1ub25jZS1vZi0yNC1ieXRlcw',
      signatureMap: signMessageLikeWallet(PrivateKey.generateED25519(), 'made up'),
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers a malformed signature map with 400', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const { nonce } = await challenge(accountId);
    const response = await verify({
      accountId,
      nonce,
      signatureMap: Buffer.from('not a protobuf at all!!').toString('base64'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_SIGNATURE_MAP' });
  });

  it('answers a bad account id with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId: 'alice' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining('account id') });
  });

  it('gives an account one identity however its id is spelled', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey, 100);
    const padded = accountId.replace(/(\d+)$/, (num) => `000${num}`);
    const { nonce, message } = await challenge(padded);
    expect(message).toContain(`Account: ${accountId}\n`);
    const response = await verify({
      accountId: padded,
      nonce,
      signatureMap: signMessageLikeWallet(key, message),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().accountId).toBe(accountId);
    const cookie = response.cookies.find((item) => item.name === 'registry_session')!;
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `registry_session=${cookie.value}` },
    });
    expect(session.json()).toEqual({ accountId });
    // The session can pay for and confirm an order, as any other session of that account.
    const signedIn = { accountId, key, cookie: `registry_session=${cookie.value}` };
    const bought = await t.buyDomain(signedIn);
    expect(bought.ownerAccount).toBe(accountId);
    expect(bought.status).toBe(22);
  });

  it('answers 503 HCS-DOWN while the ledger is paused and keeps the challenge usable', async () => {
    const key = PrivateKey.generateED25519();
    const accountId = await t.writer.createAccount(key.publicKey);
    const { nonce, message } = await challenge(accountId);
    const signed = { accountId, nonce, signatureMap: signMessageLikeWallet(key, message) };
    t.ledger.pause();
    try {
      const paused = await verify(signed);
      expect(paused.statusCode).toBe(503);
      expect(paused.json()).toEqual({ code: 'HCS-DOWN', message: expect.any(String) });
    } finally {
      t.ledger.resume();
    }
    expect((await verify(signed)).statusCode).toBe(200);
  });

  it('ends the session on logout, clearing the cookie with the flags sign-in set it with', async () => {
    const { cookie } = await t.signIn();
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    const cleared = logout.cookies.find((item) => item.name === 'registry_session')!;
    expect(cleared).toMatchObject({ value: '', httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(401);
    expect(session.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet' });
  });

  it('refuses a made-up session cookie', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/my/domains',
      headers: { cookie: 'registry_session=forged' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with { code, message } past the limit per client', async () => {
    const t = await startTestApp(engineCases[0]!.open, { RATE_LIMIT_SIGN_IN: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/challenge',
          payload: { accountId: '0.0.5' },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
