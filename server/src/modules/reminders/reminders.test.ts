import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../mail/mailer';
import { VALID_PROFILE } from '../../testing/profile-fixture';
import { startSmtpInbox } from '../../testing/smtp-inbox';
import { startTestApp, type SignedIn, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
const linkIn = (text: string) => /https?:\/\/\S+/.exec(text)![0];

const { email: _email, ...PROFILE } = VALID_PROFILE;

/** Saves a profile with its own address, verifies it through the mailed link; answers the address. */
async function verifiedEmail(t: TestApp, user: SignedIn, mailbox: () => Promise<string>) {
  const email = `owner.${user.accountId.replaceAll('.', '-')}@example.com`;
  const cookie = { cookie: user.cookie };
  await t.app.inject({
    method: 'PUT',
    url: '/api/my/profile',
    headers: cookie,
    payload: { ...PROFILE, email },
  });
  await t.app.inject({
    method: 'POST',
    url: '/api/my/email-verification',
    headers: cookie,
    payload: { email },
  });
  const code = new URL(linkIn(await mailbox())).searchParams.get('x');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/email-verification/verify',
    payload: { vi: code },
  });
  expect(verified.statusCode).toBe(200);
  return email;
}

const setReminders = (t: TestApp, user: SignedIn, enabled: boolean) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/my/expiry-reminders',
    headers: { cookie: user.cookie },
    payload: { enabled },
  });

const remindersOn = async (t: TestApp, user: SignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/my/profile', headers: { cookie: user.cookie } })).json()
    .profile.expiryReminders as boolean;

/** One timer round of a server: due reminders queued, then its job worker sends them. */
async function sweep(app: FastifyInstance) {
  await app.reminderSweeper.round();
  await app.jobWorker!.kick();
}

describe.each(engineCases)('expiry reminders on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open, { RATE_LIMIT_SIGN_IN: '1000' });
    await t.openCollection();
  });
  afterAll(() => t.close());

  const lastMail = async () => t.mail.at(-1)!.text;
  const mailsTo = (email: string, mails: Mail[] = t.mail) =>
    mails.filter((mail) => mail.to === email && mail.attachments);

  /** A signed-in owner with a verified email who turned reminders on, and a delivered name. */
  async function subscribedOwner() {
    const owner = await t.signIn();
    const email = await verifiedEmail(t, owner, lastMail);
    expect((await setReminders(t, owner, true)).json()).toEqual({ enabled: true });
    const { name } = await t.buyDomain(owner);
    return { owner, email, name };
  }

  it('turns on only for a verified email; turning off always works', async () => {
    const user = await t.signIn();
    const refused = await setReminders(t, user, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: user.cookie },
      payload: { ...PROFILE, email: 'unverified@example.com' },
    });
    expect((await setReminders(t, user, true)).statusCode).toBe(400);
    expect(await remindersOn(t, user)).toBe(false);
    expect((await setReminders(t, user, false)).json()).toEqual({ enabled: false });
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/my/expiry-reminders', payload: { enabled: true } }))
        .statusCode,
    ).toBe(401);
  });

  it('mails 30, 7 and 1 days before the expiry and on entering the grace period, each once', async () => {
    const { email, name } = await subscribedOwner();
    await sweep(t.app);
    expect(mailsTo(email)).toHaveLength(0);
    const subjects: string[] = [];
    const graceEnd = (expiry: Date) => new Date(expiry.getTime() + 30 * DAY_MS).toISOString().slice(0, 10);
    for (const [days, subject] of [
      [29.5, () => `${name} expires in 30 days`],
      [6.5, () => `${name} expires in 7 days`],
      [0.5, () => `${name} expires in 1 day`],
      [-0.1, (expiry: Date) => `${name} has expired: renew it before ${graceEnd(expiry)}`],
    ] as const) {
      const expiry = inDays(days);
      await t.expire(name, expiry);
      await sweep(t.app);
      await sweep(t.app);
      subjects.push(subject(expiry));
      expect(mailsTo(email).map((mail) => mail.subject)).toEqual(subjects);
    }
    const grace = mailsTo(email).at(-1)!;
    expect(grace.text).toContain(`/gui/domain/web3/detail?domain=${name}`);
    expect(grace.attachments![0]).toMatchObject({
      filename: `${name}.ics`,
      contentType: 'text/calendar; charset=utf-8',
    });
    expect(grace.attachments![0]!.content).toContain(`SUMMARY:${name} is released`);
  });

  it('sends nothing to whom it no longer applies: reminders off, email changed, the name sent away', async () => {
    const off = await subscribedOwner();
    await setReminders(t, off.owner, false);
    await t.expire(off.name, inDays(6));

    const moved = await subscribedOwner();
    await t.app.inject({
      method: 'PUT',
      url: '/api/my/profile',
      headers: { cookie: moved.owner.cookie },
      payload: { ...PROFILE, email: 'changed@example.com' },
    });
    await t.expire(moved.name, inDays(6));

    const sender = await subscribedOwner();
    const receiver = await t.signIn();
    const receiverEmail = await verifiedEmail(t, receiver, lastMail);
    await setReminders(t, receiver, true);
    const tokenId = (await t.collectionOf('hbar'))!;
    await t.writer.associate(receiver.accountId, receiver.key, tokenId);
    const [{ serial_no: serial }] = (
      await t.database.db.execute<{ serial_no: number }>(
        sql`select serial_no from domains where name = ${sender.name}`,
      )
    ).rows as [{ serial_no: number }];
    expect((await t.sendNft(sender.owner, tokenId, Number(serial), receiver.accountId)).status).toBe(
      'SUCCESS',
    );
    await t.app.ledgerWatcher!.catchUp();
    await t.expire(sender.name, inDays(6));

    await sweep(t.app);
    expect(mailsTo(off.email)).toHaveLength(0);
    expect(mailsTo(moved.email)).toHaveLength(0);
    expect(mailsTo('changed@example.com')).toHaveLength(0);
    expect(mailsTo(sender.email)).toHaveLength(0);
    expect(mailsTo(receiverEmail).map((mail) => mail.subject)).toEqual([`${sender.name} expires in 6 days`]);
  });

  it('sends each reminder once across two servers on the database and a restart', async () => {
    const { email, name } = await subscribedOwner();
    await t.expire(name, inDays(5));
    const secondMail: Mail[] = [];
    const second = await t.startPeer(secondMail);
    try {
      await Promise.all([sweep(t.app), sweep(second), sweep(t.app), sweep(second)]);
    } finally {
      await second.close();
    }
    const restartedMail: Mail[] = [];
    const restarted = await t.startPeer(restartedMail);
    try {
      await sweep(restarted);
    } finally {
      await restarted.close();
    }
    const everyMail = [...t.mail, ...secondMail, ...restartedMail];
    expect(mailsTo(email, everyMail).map((mail) => mail.subject)).toEqual([`${name} expires in 5 days`]);
    const { rows } = await t.database.db.execute<{ jobs: number }>(
      sql`select count(*)::int as jobs from jobs where kind = 'expiry-reminder' and payload->>'name' = ${name}`,
    );
    expect(rows[0]!.jobs).toBe(1);
  });

  it("unsubscribes in one click with the mailed link; a forged or another account's link is refused", async () => {
    const { owner, email, name } = await subscribedOwner();
    const other = await subscribedOwner();
    await t.expire(name, inDays(20));
    await t.expire(other.name, inDays(20));
    await sweep(t.app);
    const link = new URL(mailsTo(email).at(-1)!.unsubscribeUrl!);
    expect(link.searchParams.get('account')).toBe(owner.accountId);
    const token = link.searchParams.get('token')!;
    const oneClick = (account: string, tokenOfLink: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/expiry-reminders/unsubscribe?${new URLSearchParams({ account, token: tokenOfLink })}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });

    const forged = await oneClick(
      owner.accountId,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'INVALID_UNSUBSCRIBE_LINK' });
    expect((await oneClick(other.owner.accountId, token)).statusCode).toBe(400);
    expect(await remindersOn(t, owner)).toBe(true);
    expect(await remindersOn(t, other.owner)).toBe(true);

    // Opening the link (a mail scanner does too) only asks.
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(await remindersOn(t, owner)).toBe(true);
    const forgedPage = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}?account=${owner.accountId}&token=${'x'.repeat(43)}`,
    });
    expect(forgedPage.statusCode).toBe(400);

    const done = await oneClick(owner.accountId, token);
    expect(done.statusCode).toBe(200);
    expect(await remindersOn(t, owner)).toBe(false);
    expect(await remindersOn(t, other.owner)).toBe(true);
    await t.expire(name, inDays(3));
    await sweep(t.app);
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('an expiry reminder through the SMTP server', () => {
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  let t: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    t = await startTestApp(engineCases[0]!.open, { SMTP_URL: inbox.url }, { configuredMailer: true });
    await t.openCollection();
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });
  const received = () => inbox.received;

  it('carries the date as an .ics file and a one-click List-Unsubscribe that works', async () => {
    const owner = await t.signIn();
    const email = await verifiedEmail(t, owner, async () => (await simpleParser(received().at(-1)!)).text!);
    await setReminders(t, owner, true);
    const { name } = await t.buyDomain(owner);
    const expiresAt = new Date(Math.floor(inDays(6.5).getTime() / 1000) * 1000);
    await t.expire(name, expiresAt);
    const before = received().length;
    await sweep(t.app);
    expect(received()).toHaveLength(before + 1);

    const mail = await simpleParser(received().at(-1)!);
    expect(mail.to).toMatchObject({ text: email });
    expect(mail.subject).toBe(`${name} expires in 7 days`);
    // A long header is folded over lines; unfolded, as a mail program reads it.
    const header = (key: string) =>
      mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n(?=[ \t])/g, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribe = /^List-Unsubscribe: <(https?:[^>]+)>/.exec(header('list-unsubscribe')!)![1]!;
    expect(mail.text).toContain(unsubscribe);
    const calendar = mail.attachments.find((file) => file.filename === `${name}.ics`)!;
    expect(calendar.contentType).toBe('text/calendar');
    const ics = calendar.content.toString('utf8');
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain(`SUMMARY:${name} expires`);
    expect(ics).toContain(`DTSTART:${expiresAt.toISOString().replace(/[-:]/g, '').replace('.000', '')}`);

    const url = new URL(unsubscribe);
    const answer = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(answer.statusCode).toBe(200);
    expect(await remindersOn(t, owner)).toBe(false);
  });
});
