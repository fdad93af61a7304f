import { Suspense } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pages } from '../../pages';
import { navigation, ResolverPage } from './resolver-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const records = (change: Record<string, unknown>) => ({
  domainName: 'alice.hbar',
  siteAddress: 'https://alice.example.com/',
  assetsMap: { web3Asset: null, twitter: null, linkedIn: null, facebook: null, instagram: null },
  status: 2,
  statusSiteAddress: 1,
  statusAssets: 0,
  tokenId: '0.0.5001',
  serialNo: 1,
  accountId: '0.0.1234',
  evmAddress: '0x00000000000000000000000000000000000004d2',
  expiresAt: '2027-11-26T00:00:00.000Z',
  isPrimaryName: false,
  ...change,
});

/** The resolver endpoint as fetch sees it. */
function serve(answer: { status?: number; body?: unknown; raw?: string } | 'network-error') {
  const fetchMock = vi.fn(async () => {
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer.raw !== undefined) return new Response(answer.raw, { status: answer.status ?? 200 });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function resolve(text: string) {
  const input = screen.getByRole('textbox', { name: 'Domain name' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Go' }));
}

describe('resolver page', () => {
  it('exposes the resolver page the shell mounts', async () => {
    const Page = pages.resolver!;
    render(
      <Suspense fallback={null}>
        <Page params={{}} query={new URLSearchParams()} />
      </Suspense>,
    );
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'Resolve Hedera Domains',
    );
    expect(screen.getByText('Humanizing Internet, Safely.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Domain name' }).getAttribute('maxlength')).toBe('62');
  });

  it.each([
    ['al!ce.hbar', 'Special characters are not allowed'],
    ['ab', 'Domain name length must be atleast 3 characters'],
  ])('refuses %s without asking the server: %s', (text, message) => {
    const fetchMock = serve({ body: records({}) });
    render(<ResolverPage />);
    resolve(text);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does nothing for a blank box', () => {
    const fetchMock = serve({ body: records({}) });
    render(<ResolverPage />);
    resolve('   ');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to the web2 address when the record is active and set', async () => {
    serve({ body: records({}) });
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    render(<ResolverPage />);
    resolve(' Alice.HBAR ');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://alice.example.com/'));
  });

  it.each([
    [{ body: records({ siteAddress: null }) }, 'Web 2.0 URL Page is not setted!'],
    [{ body: records({ siteAddress: '' }) }, 'Web 2.0 URL Page is not setted!'],
    [{ body: records({ status: 1 }) }, 'Web 2.0 URL Page is not setted.'],
    [
      { status: 404, body: { code: 'NOT_FOUND', message: 'alice.hbar is not registered' } },
      'Web 2.0 URL Page is not setted!',
    ],
    [{ raw: 'not json' }, 'Someting went wrong'],
    [{ body: { unexpected: true } }, 'Someting went wrong'],
    ['network-error' as const, 'Something went wrong!'],
    [{ status: 503, body: { code: 'DATABASE_UNAVAILABLE', message: 'down' } }, 'Something went wrong!'],
  ])('answer %j says %s and stays', async (answer, message) => {
    serve(answer);
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    render(<ResolverPage />);
    resolve('alice.hbar');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(go).not.toHaveBeenCalled();
  });

  it.each([
    [{ accountId: '0.0.1234', isPrimaryName: false }, 'Held by 0.0.1234'],
    [{ accountId: '0.0.1234', isPrimaryName: true }, 'Held by 0.0.1234, whose primary name it is'],
  ])('shows who a name without an address points to (%j)', async (holder, line) => {
    serve({ body: records({ status: 1, ...holder }) });
    render(<ResolverPage />);
    resolve('alice.hbar');
    expect((await screen.findByRole('alert')).textContent).toBe('Web 2.0 URL Page is not setted.');
    expect(screen.getByText(line)).toBeTruthy();
  });

  it('shows no holder for a name in its grace period, and a hostile account id as text', async () => {
    serve({ body: records({ status: 1, accountId: null, evmAddress: null }) });
    render(<ResolverPage />);
    resolve('alice.hbar');
    await screen.findByRole('alert');
    expect(screen.queryByText(/^Held by/)).toBeNull();
    cleanup();

    serve({ body: records({ status: 1, accountId: '<img src=x onerror=alert(1)>' }) });
    const { container } = render(<ResolverPage />);
    resolve('alice.hbar');
    expect((await screen.findByText('Held by <img src=x onerror=alert(1)>')).tagName).toBe('P');
    expect(container.querySelector('img')).toBeNull();
  });
});
