import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../testing/test-databases';
import { startTestApp, type SignedIn, type TestApp } from '../testing/test-app';

type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string };

const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '..',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '<script>',
    '\u0000',
    'a'.repeat(300),
    '0.0.-1',
    'NaN',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const anyBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'accountId',
      'nonce',
      'signatureMap',
      'names',
      'field',
      'value',
      'flag',
      'email',
      'vi',
      'fullName',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);

describe('bad input never gets a 5xx', () => {
  let t: TestApp;
  let user: SignedIn;
  let endpoints: Endpoint[];

  beforeAll(async () => {
    t = await startTestApp(engineCases[0]!.open, {
      RATE_LIMIT_SEARCH: '100000',
      RATE_LIMIT_SIGN_IN: '100000',
    });
    user = await t.signIn();
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    endpoints = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Endpoint['method'], path })),
    );
  });
  afterAll(() => t.close());

  it('knows every endpoint from the OpenAPI document', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(18);
  });

  it('answers generated bodies, query strings and names with a 2xx or a 4xx { code, message }', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 1000 }),
        hostile,
        fc.dictionary(fc.constantFrom('name', 'domainName', 'countryName', 'promo', 'x'), hostile, {
          maxKeys: 3,
        }),
        anyBody,
        fc.boolean(),
        async (index, pathValue, query, body, signedIn) => {
          const endpoint = endpoints[index % endpoints.length]!;
          const url = `${endpoint.path.replace(/\{[^}]+\}/g, encodeURIComponent(pathValue))}?${new URLSearchParams(query)}`;
          const response = await t.app.inject({
            method: endpoint.method,
            url,
            headers: signedIn ? { cookie: user.cookie } : {},
            ...(endpoint.method === 'GET' ? {} : { payload: body as object }),
          });
          expect(response.statusCode, `${endpoint.method} ${url}`).toBeLessThan(500);
          if (
            response.statusCode >= 400 &&
            String(response.headers['content-type']).startsWith('text/html')
          ) {
            // Only the gateway and the public name pages answer with a page (browsers open them).
            expect(endpoint.path, url).toMatch(/^\/(r|n)\//);
            expect(response.body).not.toContain('<script');
          } else if (response.statusCode >= 400) {
            const json = response.json() as { code?: unknown; message?: unknown };
            expect(typeof json.code, `${endpoint.method} ${url}`).toBe('string');
            expect(typeof json.message).toBe('string');
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers a body that is not JSON with 400', async () => {
    for (const endpoint of endpoints.filter((item) => item.method !== 'GET')) {
      const response = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path.replace(/\{[^}]+\}/g, 'alpha.hbar'),
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload: '{"unterminated": ',
      });
      expect(response.statusCode, endpoint.path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, endpoint.path).toBeLessThan(500);
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI document covering the API and a docs page', async () => {
    const t = await startTestApp(engineCases[0]!.open);
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
        openapi: string;
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      };
      expect(document.openapi).toMatch(/^3\./);
      for (const path of [
        '/api/tlds',
        '/api/auth/challenge',
        '/api/auth/verify',
        '/api/auth/logout',
        '/api/domains/availability',
        '/api/domains/suggestions',
        '/api/domains/taken',
        '/api/my/orders',
        '/api/my/profile',
        '/api/countries',
        '/api/states',
        '/api/my/domains',
        '/api/my/domains/{name}',
        '/api/my/domains/{name}/subdomains',
        '/api/my/pending-domains',
        '/api/my/other-domains',
        '/api/my/domains/{name}/records',
        '/api/my/domains/{name}/records/status',
        '/api/resolve/{name}',
        '/api/my/email-verification',
        '/api/email-verification/verify',
      ]) {
        expect(document.paths[path], path).toBeDefined();
      }
      expect(document.paths['/api/auth/verify']!.post!.requestBody).toBeDefined();
      const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
      const page =
        docs.statusCode === 302
          ? await t.app.inject({ method: 'GET', url: docs.headers.location as string })
          : docs;
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await t.close();
    }
  });
});
