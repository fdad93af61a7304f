import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { VALID_PROFILE } from '../../testing/profile-fixture';
import { startTestApp, type TestApp } from '../../testing/test-app';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const HTML_AS_PNG = Buffer.from('<html><script>alert(1)</script></html>');

describe.each(engineCases)('profile pictures on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  const upload = (cookie: string | null, body: Buffer, type = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/my/profile/picture',
      headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
      payload: body,
    });

  it('serves a generated picture until one is uploaded, then the upload with its checked type', async () => {
    const user = await t.signIn();
    const generated = await t.app.inject({ method: 'GET', url: `/profile/dp/${user.accountId}.dp` });
    expect(generated.statusCode).toBe(200);
    expect(generated.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(generated.headers['content-security-policy']).toContain('sandbox');
    expect(generated.body).toContain(user.accountId.split('.').at(-1)!.slice(-3));

    const uploaded = await upload(user.cookie, PNG, 'image/jpeg');
    expect(uploaded.statusCode).toBe(200);
    const { dp } = uploaded.json<{ dp: string }>();
    expect(dp).toMatch(new RegExp(`^/profile/dp/${user.accountId.replaceAll('.', '\\.')}\\.dp\\?v=\\d+$`));
    const served = await t.app.inject({ method: 'GET', url: dp });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    await t.app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: user.cookie },
      payload: VALID_PROFILE,
    });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/my/profile',
      headers: { cookie: user.cookie },
    });
    expect(profile.json().profile.dp).toBe(dp);
  });

  it('refuses what is not an image, what is too large, and callers without a session', async () => {
    const user = await t.signIn();
    const disguised = await upload(user.cookie, HTML_AS_PNG);
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json()).toMatchObject({ code: 'BAD_IMAGE' });
    const json = await t.app.inject({
      method: 'PUT',
      url: '/api/my/profile/picture',
      headers: { cookie: user.cookie },
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const large = await upload(user.cookie, Buffer.concat([PNG, Buffer.alloc(600 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const text = await upload(user.cookie, PNG, 'text/html');
    expect(text.statusCode).toBe(415);
    expect((await upload(null, PNG)).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/profile/dp/..%2Fetc.dp' });
    expect(bad.statusCode).toBe(400);
  });
});
