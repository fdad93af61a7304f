// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@registry/contracts/profile';
import { EditProfileModal } from './edit-profile-modal';

const STORED: Profile = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  emailVerified: false,
  expiryReminders: false,
  mobileNo: '2015550123',
  countryCode: '+1',
  adrLine1: '1 Main Street',
  adrLine2: '',
  city: 'San Francisco',
  state: 'California',
  country: 'United States',
  pincode: '94105',
  dp: null,
};

let saved: unknown[] = [];
beforeEach(() => {
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname === '/api/countries')
        return Response.json({
          countries: [
            { cd: '+1', name: 'United States', iso: 'US' },
            { cd: '+44', name: 'United Kingdom', iso: 'GB' },
          ],
        });
      if (url.pathname === '/api/states')
        return url.searchParams.get('countryName') === 'United States'
          ? Response.json({ states: ['California', 'Texas'] })
          : Response.json({ code: 'NOT_FOUND', message: 'Unknown country' }, { status: 404 });
      if (url.pathname === '/api/my/profile' && request.method === 'PUT') {
        const body = await request.json();
        saved.push(body);
        return Response.json({ ...STORED, ...body });
      }
      throw new TypeError(`unexpected ${url.pathname}`);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
const messageOf = (input: HTMLElement) =>
  input.getAttribute('aria-describedby')
    ? document.getElementById(input.getAttribute('aria-describedby')!)?.textContent
    : null;

function edit(label: string, value: string) {
  const input = field(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
  return input;
}

describe('Edit Profile Details', () => {
  it.each([
    ['Name', 'R2D2', 'Enter a valid name.'],
    ['Email', 'ada@', 'Enter a valid email ID.'],
    ['Phone', '0015550123', 'Enter a valid phone number .'],
    ['Phone', '12', 'Enter a valid phone number .'],
    ['Name', '', 'Name is required'],
  ])('checks %s = %j on blur: %s, cleared on focus', (label, value, message) => {
    render(<EditProfileModal part="details" profile={STORED} onClose={() => {}} onSaved={() => {}} />);
    const input = edit(label, value);
    expect(messageOf(input)).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.focus(input);
    expect(messageOf(input)).toBeNull();
  });

  it('checks the phone with the chosen calling code', async () => {
    render(<EditProfileModal part="details" profile={STORED} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByRole('option', { name: '+44' });
    fireEvent.change(field('Code'), { target: { value: '+44' } });
    // Valid in the United States, not as a number in the United Kingdom.
    expect(messageOf(edit('Phone', '4155550123'))).toBe('Enter a valid phone number .');
    expect(messageOf(edit('Phone', '2079460958'))).toBeNull();
  });

  it('saves the whole profile with the new details, then closes', async () => {
    const onSaved = vi.fn();
    render(<EditProfileModal part="details" profile={STORED} onClose={() => {}} onSaved={onSaved} />);
    edit('Name', 'Ada King');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([
      expect.objectContaining({ fullName: 'Ada King', adrLine1: '1 Main Street', city: 'San Francisco' }),
    ]);
  });

  it('saves a new profile with its details alone: the address card stays empty', async () => {
    const onSaved = vi.fn();
    render(<EditProfileModal part="details" profile={null} onClose={() => {}} onSaved={onSaved} />);
    edit('Name', 'Ada Lovelace');
    edit('Email', 'ada@example.com');
    edit('Phone', '2015550123');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        countryCode: '+1',
        mobileNo: '2015550123',
        adrLine1: '',
        adrLine2: '',
        country: '',
        state: '',
        city: '',
        pincode: '',
      },
    ]);
  });

  it('Cancel puts back the stored profile', () => {
    const onClose = vi.fn();
    render(<EditProfileModal part="details" profile={STORED} onClose={onClose} onSaved={() => {}} />);
    edit('Name', 'Someone Else');
    expect(field('Name').value).toBe('Someone Else');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    // The modal stays mounted until its owner closes it: its fields show the stored profile again.
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(saved).toEqual([]);
  });
});

describe('Edit Billing Address', () => {
  it('requires every field but Address Line 2, and does not save until they are there', async () => {
    render(<EditProfileModal part="billing" profile={null} onClose={() => {}} onSaved={() => {}} />);
    expect(field('Country').value).toBe('United States');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Address Line 1 is required')).toBeTruthy();
    expect(screen.getByText('City is required')).toBeTruthy();
    expect(screen.getByText('Postal code is required')).toBeTruthy();
    expect(screen.getByText('State is required')).toBeTruthy();
    expect(screen.queryByText(/Address Line 2 is required/)).toBeNull();
    expect(saved).toEqual([]);
    await screen.findByRole('option', { name: 'Texas' });
  });

  it('shows a failed state list in a banner', async () => {
    render(
      <EditProfileModal
        part="billing"
        profile={{ ...STORED, country: 'United Kingdom' }}
        onClose={() => {}}
        onSaved={() => {}}
      />,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown country');
  });
});
