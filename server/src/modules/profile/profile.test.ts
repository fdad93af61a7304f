import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALID_PROFILE as PROFILE } from '../../testing/profile-fixture';
import { engineCases } from '../../testing/test-databases';
import { startTestApp, type TestApp } from '../../testing/test-app';

const VALID_PROFILE = { ...PROFILE, adrLine2: '' };

describe.each(engineCases)('profile and email verification on $engine', ({ open }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(open);
  });
  afterAll(() => t.close());

  const put = (cookie: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/my/profile', headers: { cookie }, payload });

  it('starts empty, saves and reads back', async () => {
    const user = await t.signIn();
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/my/profile', headers: { cookie: user.cookie } })
      ).json(),
    ).toEqual({ profile: null });
    const saved = await put(user.cookie, VALID_PROFILE);
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/my/profile',
      headers: { cookie: user.cookie },
    });
    expect(read.json().profile).toEqual({
      ...VALID_PROFILE,
      emailVerified: false,
      expiryReminders: false,
      dp: null,
    });
  });

  it.each([
    [{ fullName: 'R2D2' }, 'Enter a valid name.'],
    [{ email: 'not-an-email' }, 'Enter a valid email ID.'],
    [{ mobileNo: '12ab' }, 'Enter a valid phone number .'],
    // Digits, but no number in the United States (no area code starts with 0), and too short for +44.
    [{ mobileNo: '0015550123' }, 'Enter a valid phone number .'],
    [{ countryCode: '+44', mobileNo: '20123' }, 'Enter a valid phone number .'],
    [{ city: '' }, 'City is required'],
    [{ adrLine1: '   ' }, 'Address Line 1 is required'],
  ])('refuses %j with its message', async (change, message) => {
    const user = await t.signIn();
    const response = await put(user.cookie, { ...VALID_PROFILE, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringContaining(message) });
  });

  it('saves one card alone (details or address), but never a card half filled', async () => {
    const detailsOnly = await t.signIn();
    const details = {
      fullName: VALID_PROFILE.fullName,
      email: VALID_PROFILE.email,
      countryCode: '+1',
      mobileNo: VALID_PROFILE.mobileNo,
    };
    expect((await put(detailsOnly.cookie, details)).statusCode).toBe(200);
    const addressOnly = await t.signIn();
    const { fullName: _name, email: _email, mobileNo: _phone, ...address } = VALID_PROFILE;
    expect((await put(addressOnly.cookie, address)).statusCode).toBe(200);

    const half = await put(detailsOnly.cookie, { ...details, city: 'Paris' });
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toContain('Address Line 1 is required');
    const nothing = await put(detailsOnly.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toContain('Name is required');
  });

  it('takes a number valid with its calling code', async () => {
    const user = await t.signIn();
    const saved = await put(user.cookie, {
      ...VALID_PROFILE,
      countryCode: '+44',
      mobileNo: '2079460958',
      country: 'United Kingdom',
      state: 'England',
    });
    expect(saved.statusCode).toBe(200);
  });

  it('serves countries with calling codes and the states of a country', async () => {
    const countries = (await t.app.inject({ method: 'GET', url: '/api/countries' })).json().countries as {
      cd: string;
      name: string;
    }[];
    expect(countries).toContainEqual({ cd: '+1', name: 'United States', iso: 'US' });
    expect(countries).toContainEqual({ cd: '+91', name: 'India', iso: 'IN' });
    const states = (
      await t.app.inject({ method: 'GET', url: '/api/states?countryName=United%20States' })
    ).json().states;
    expect(states).toContain('California');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/states?countryName=Atlantis' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Unknown country Atlantis' });
  });

  it('verifies the profile email through a mailed one-time link', async () => {
    const user = await t.signIn();
    await put(user.cookie, VALID_PROFILE);
    const request = await t.app.inject({
      method: 'POST',
      url: '/api/my/email-verification',
      headers: { cookie: user.cookie },
      payload: { email: VALID_PROFILE.email },
    });
    expect(request.json()).toEqual({ status: 1, msg: 'Check you email' });
    const mail = t.mail.at(-1)!;
    expect(mail.to).toBe(VALID_PROFILE.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.pathname).toBe('/index.html');
    expect(link.searchParams.get('t')).toBe('ev');
    const code = link.searchParams.get('x')!;

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/email-verification/verify',
      payload: { vi: code },
    });
    expect(verify.json()).toEqual({ status: 1, msg: 'Your email has been verified' });
    const profile = (
      await t.app.inject({ method: 'GET', url: '/api/my/profile', headers: { cookie: user.cookie } })
    ).json().profile;
    expect(profile.emailVerified).toBe(true);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/email-verification/verify',
      payload: { vi: code },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_VERIFICATION');
  });

  it('refuses to verify an email that is not the profile one, and unknown codes', async () => {
    const user = await t.signIn();
    await put(user.cookie, VALID_PROFILE);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/my/email-verification',
      headers: { cookie: user.cookie },
      payload: { email: 'someone@else.org' },
    });
    expect(other.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/email-verification/verify',
      payload: { vi: 'x'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('drops the verified mark when the email changes', async () => {
    const user = await t.signIn();
    await put(user.cookie, VALID_PROFILE);
    await t.app.inject({
      method: 'POST',
      url: '/api/my/email-verification',
      headers: { cookie: user.cookie },
      payload: { email: VALID_PROFILE.email },
    });
    const code = new URL(/https?:\/\/\S+/.exec(t.mail.at(-1)!.text)![0]).searchParams.get('x')!;
    await t.app.inject({ method: 'POST', url: '/api/email-verification/verify', payload: { vi: code } });
    const changed = await put(user.cookie, { ...VALID_PROFILE, email: 'ada@newmail.com' });
    expect(changed.json().emailVerified).toBe(false);
  });
});
