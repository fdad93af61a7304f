import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('web security of every answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, {
      REMOTE_URL_RESOLVER: 'https://cdn.example/resolver/mf-manifest.json',
    });
  });
  afterAll(() => t.close());

  it('sends a CSP that allows only this origin, the remotes and the ledger, and forbids framing', async () => {
    for (const url of ['/remotes.json', '/gui/domains/web3']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://cdn.example");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      // Plain http here: no HSTS.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('answers the API with headers for data: a CSP that allows nothing, no sniffing, no framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/tlds' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // The document headers mean nothing on JSON.
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.headers['origin-agent-cluster']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the public address is https, and the wallet relay when wallets are configured', async () => {
    const secure = await startTestApp(engineCases[0]!.open, {
      PUBLIC_URL: 'https://domains.example',
      WALLETCONNECT_PROJECT_ID: 'project-id-123',
    });
    try {
      const api = await secure.app.inject({ method: 'GET', url: '/api/tlds' });
      expect(api.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      const page = await secure.app.inject({ method: 'GET', url: '/gui/domains/web3' });
      expect(page.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(String(page.headers['content-security-policy'])).toContain('wss://relay.walletconnect.com');
    } finally {
      await secure.close();
    }
  });

  it('asks for a session before it reads the body of an account route', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/orders/quote', { kind: 'nope' }],
      ['POST', '/api/orders/confirm', { orderId: 'x' }],
      ['PUT', '/api/my/profile', { fullName: 1 }],
      ['PUT', '/api/my/domains/alpha.hbar/records', {}],
      ['POST', '/api/my/email-verification', {}],
      ['GET', '/api/my/domains/%20/subdomains', undefined],
    ] as const) {
      const response = await t.app.inject({ method, url, payload });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Sign in with your wallet' });
    }
  });

  it('answers a malformed URL with { code, message }', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/domains/availability%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.any(String) });
  });

  it('answers headers that are too large with 431 { code, message }', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/tlds HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The request headers are too large',
    });
  });
});
