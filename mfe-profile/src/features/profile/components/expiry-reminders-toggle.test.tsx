// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import type { Profile } from '@registry/contracts/profile';
import { ExpiryRemindersToggle } from './expiry-reminders-toggle';

const PROFILE: Profile = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: true,
  expiryReminders: false,
  mobileNo: '2015550123',
  countryCode: '+1',
  adrLine1: '',
  adrLine2: '',
  city: '',
  state: '',
  country: 'United States',
  pincode: '',
  dp: null,
};

function serverAnswers(answer: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      expect(new URL(request.url).pathname).toBe('/api/my/expiry-reminders');
      expect(request.method).toBe('PUT');
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checkbox = () =>
  screen.getByRole('checkbox', { name: 'Email me before my names expire' }) as HTMLInputElement;
const descriptionOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;

describe('the expiry reminders toggle', () => {
  it('waits for a verified email', () => {
    render(<ExpiryRemindersToggle profile={{ ...PROFILE, emailVerified: false }} />);
    expect(checkbox().disabled).toBe(true);
    expect(descriptionOf(checkbox())).toBe(
      'Verify your email to turn on reminders before your names expire.',
    );
  });

  it('turns reminders on as the server answers', async () => {
    const sent = serverAnswers(() => Response.json({ enabled: true }));
    const toasts: string[] = [];
    const off = bus.on('toast', (toast) => toasts.push(toast.message));
    render(<ExpiryRemindersToggle profile={PROFILE} />);
    fireEvent.click(checkbox());
    await waitFor(() => expect(toasts).toEqual(['Expiry reminders turned on']));
    off();
    expect(sent).toEqual([{ enabled: true }]);
    expect(checkbox().checked).toBe(true);
    expect(checkbox().disabled).toBe(false);
  });

  it('goes back and says why when the server refuses', async () => {
    serverAnswers(() =>
      Response.json(
        { code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email before turning on expiry reminders' },
        { status: 400 },
      ),
    );
    const toasts: string[] = [];
    const off = bus.on('toast', (toast) => toasts.push(toast.message));
    render(<ExpiryRemindersToggle profile={PROFILE} />);
    fireEvent.click(checkbox());
    await waitFor(() => expect(toasts).toEqual(['Verify your email before turning on expiry reminders']));
    off();
    expect(checkbox().checked).toBe(false);
  });
});
