// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { DomainDetailRoute } from './domain-detail-route';

const DAY = 24 * 60 * 60 * 1000;

const detail = (expiresOn: Date, graceEndsOn: Date | null) => ({
  domainName: 'alice.hbar',
  activeStatus: expiresOn > new Date() ? 'Active' : 'Inactive',
  blockChain: 'Hedera',
  purchaseDate: '2025-01-01T00:00:00.000Z',
  expiresOn: expiresOn.toISOString(),
  months: 12,
  webProtection: false,
  subscription: false,
  price: 10,
  isSub: 0,
  owner: '0.0.1001',
  serialNo: 3,
  status: 22,
  tokenId: '0.0.5005',
  isExternal: false,
  graceEndsOn: graceEndsOn?.toISOString() ?? null,
});

beforeEach(() => useWalletSession.setState({ status: 'paired', accountId: '0.0.1001' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (body: ReturnType<typeof detail>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );

const open = async () => {
  render(<DomainDetailRoute params={{ type: 'web3' }} query={new URLSearchParams('domain=alice.hbar')} />);
  return screen.findByRole('region', { name: 'alice.hbar' });
};

describe('the grace period on the detail page', () => {
  it('says nothing of it while the domain is active', async () => {
    serve(detail(new Date(Date.now() + 100 * DAY), null));
    const card = await open();
    expect(within(card).queryByText(/grace period|stays yours/)).toBeNull();
    expect(within(card).getByRole('button', { name: 'Extend Validity' })).toBeTruthy();
  });

  it('tells the owner of an expired domain until when only they can extend it, and offers Extend', async () => {
    const expired = new Date(Date.now() - 10 * DAY);
    const graceEnd = new Date(expired.getTime() + 30 * DAY);
    serve(detail(expired, graceEnd));
    const card = await open();
    const notice = within(card).getByText(/only you can extend/);
    expect(notice.textContent).toContain(`Until ${graceEnd.toLocaleDateString()} the name stays yours`);
    expect(within(card).getByText('Inactive')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Extend Validity' })).toBeTruthy();
  });

  it('says the name is released once the grace period is over, and offers no Extend', async () => {
    const expired = new Date(Date.now() - 40 * DAY);
    serve(detail(expired, new Date(expired.getTime() + 30 * DAY)));
    const card = await open();
    expect(within(card).getByRole('alert').textContent).toContain('the name is released');
    expect(within(card).queryByRole('button', { name: 'Extend Validity' })).toBeNull();
  });
});
