import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineCases } from '../../testing/test-databases';
import { VALID_PROFILE } from '../../testing/profile-fixture';
import { startSmtpInbox } from '../../testing/smtp-inbox';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';

const PROFILE = VALID_PROFILE;

const codeOf = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('x')!;

function helpers(t: () => TestApp) {
  // Each account its own address: mails are limited per address and hour.
  const addresses = new Map<string, string>();
  const addressOf = (user: SignedIn) => addresses.get(user.accountId) ?? PROFILE.email;
  const saveProfile = (user: SignedIn, change: Partial<typeof PROFILE> = {}) => {
    const email = change.email ?? `ada.${user.accountId.replaceAll('.', '-')}@example.com`;
    addresses.set(user.accountId, email);
    return t().app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: user.cookie },
      payload: { ...PROFILE, ...change, email },
    });
  };
  const requestLink = (user: SignedIn) =>
    t().app.inject({
      method: 'POST',
      url: '/api/my/email-verification',
      headers: { cookie: user.cookie },
      payload: { email: addressOf(user) },
    });
  const verify = (code: string, cookie?: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/email-verification/verify',
      headers: cookie ? { cookie } : {},
      payload: { vi: code },
    });
  const verified = async (user: SignedIn) =>
    (await t().app.inject({ method: 'GET', url: '/api/my/profile', headers: { cookie: user.cookie } })).json()
      .profile.emailVerified as boolean;
  return { saveProfile, requestLink, verify, verified, addressOf };
}

describe.each(engineCases)('the life of a verification code on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());
  const { saveProfile, requestLink, verify, verified, addressOf } = helpers(() => t);

  it('expires', async () => {
    const user = await t.signIn();
    await saveProfile(user);
    await requestLink(user);
    const code = codeOf(t.mail.at(-1)!.text);
    await t.database.db.execute(
      sql`update email_verifications set expires_at = now() - interval '1 second' where account_id = ${user.accountId}`,
    );
    const answer = await verify(code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'INVALID_VERIFICATION' });
    expect(await verified(user)).toBe(false);
  });

  it('verifies only the account that asked, whoever opens the link', async () => {
    const asker = await t.signIn();
    const other = await t.signIn();
    await saveProfile(asker);
    await saveProfile(other, { email: addressOf(asker) });
    await requestLink(asker);
    const code = codeOf(t.mail.at(-1)!.text);
    // Opened in a browser signed in as another account (same address in its profile).
    expect((await verify(code, other.cookie)).statusCode).toBe(200);
    expect(await verified(asker)).toBe(true);
    expect(await verified(other)).toBe(false);
  });

  it('works once', async () => {
    const user = await t.signIn();
    await saveProfile(user);
    await requestLink(user);
    const code = codeOf(t.mail.at(-1)!.text);
    expect((await verify(code)).statusCode).toBe(200);
    expect((await verify(code)).json()).toMatchObject({ code: 'INVALID_VERIFICATION' });
  });

  it('is refused once the address in the profile changed, and the new address is not verified', async () => {
    const user = await t.signIn();
    await saveProfile(user);
    await requestLink(user);
    const code = codeOf(t.mail.at(-1)!.text);
    await saveProfile(user, { email: 'ada@elsewhere.org' });
    const answer = await verify(code);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'EMAIL_CHANGED' });
    expect(await verified(user)).toBe(false);
  });
});

describe('verification mail through a real SMTP server', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let t: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp(engineCases[0]!.open, { SMTP_URL: inbox.url }, { configuredMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  const { saveProfile, requestLink, verify, verified, addressOf } = helpers(() => t);

  it('delivers the link, which verifies the address', async () => {
    const user = await t.signIn();
    await saveProfile(user);
    expect((await requestLink(user)).json()).toEqual({ status: 1, msg: 'Check you email' });
    expect(t.mail).toEqual([]);
    expect(inbox.received).toHaveLength(1);
    const message = await simpleParser(inbox.received[0]!);
    expect(message.to && 'text' in message.to ? message.to.text : '').toBe(addressOf(user));
    expect(message.subject).toBe('Verify your email');
    const link = new URL(/https?:\/\/\S+/.exec(message.text ?? '')![0]);
    expect(link.pathname).toBe('/index.html');
    expect(link.searchParams.get('t')).toBe('ev');
    expect((await verify(link.searchParams.get('x')!)).json()).toEqual({
      status: 1,
      msg: 'Your email has been verified',
    });
    expect(await verified(user)).toBe(true);
  });
});
