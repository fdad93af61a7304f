// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { OtherDomainDetailPage } from './other-domain-detail-page';

const detail = (subscription: boolean) => ({
  domainName: 'alice.other',
  activeStatus: 'Active',
  blockChain: 'Hedera',
  purchaseDate: '2026-01-01T00:00:00.000Z',
  expiresOn: '2099-12-31T00:00:00.000Z',
  months: 0,
  webProtection: false,
  subscription,
  price: 0,
  isSub: 0,
  owner: '0.0.1001',
  serialNo: 7,
  status: subscription ? 1 : 2,
  tokenId: '0.0.5005',
  isExternal: true,
  graceEndsOn: null,
});

beforeEach(() => useWalletSession.setState({ status: 'paired', accountId: '0.0.1001' }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const serve = (subscription: boolean) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(detail(subscription))),
  );

describe("another provider's domain", () => {
  it('shows status, blockchain, owner, the fixed expiry, and Subscribe while not subscribed', async () => {
    serve(false);
    render(<OtherDomainDetailPage params={{}} query={new URLSearchParams('domain=alice.other')} />);
    const card = await screen.findByRole('region', { name: 'alice.other' });
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(within(card).getByText('Hedera')).toBeTruthy();
    expect(within(card).getByText('0.0.1001')).toBeTruthy();
    expect(within(card).getByText('31-12-2099')).toBeTruthy();
    expect(within(card).getByText('Not Subscribed')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(within(card).queryByRole('link', { name: 'Manage Domain Records' })).toBeNull();
  });

  it('links its records once subscribed (status 1)', async () => {
    serve(true);
    render(<OtherDomainDetailPage params={{}} query={new URLSearchParams('domain=alice.other')} />);
    const manage = await screen.findByRole('link', { name: 'Manage Domain Records' });
    expect(manage.getAttribute('href')).toBe('/gui/odomain/web3/manage?domain=alice.other');
    expect(screen.getByText('Subscribed')).toBeTruthy();
  });
});
