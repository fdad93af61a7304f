// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBED_ELEMENT, navigation } from './resolver-embed';

const SERVER = 'https://registry.example';

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

let fetchMock: ReturnType<typeof vi.fn>;
function serve(answer: { status?: number; body?: unknown } | 'network-error') {
  fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
}

function mount() {
  const element = document.createElement(EMBED_ELEMENT);
  element.setAttribute('server', SERVER);
  document.body.append(element);
  const root = element.shadowRoot!;
  const input = root.querySelector('input')!;
  const message = root.querySelector<HTMLElement>('[role="alert"]')!;
  const submit = (text: string) => {
    input.value = text;
    input.dispatchEvent(new Event('input'));
    root.querySelector('form')!.requestSubmit();
  };
  return { root, input, message, submit };
}

beforeEach(() => serve({ body: records({}) }));
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the embeddable resolver element', () => {
  it("shows the page's heading, tagline and a box of at most 62 characters", () => {
    const { root, input } = mount();
    expect(root.querySelector('h2')!.textContent).toBe('Resolve Hedera Domains');
    expect(root.textContent).toContain('Humanizing Internet, Safely.');
    expect(input.maxLength).toBe(62);
    expect(input.getAttribute('aria-label')).toBe('Domain name');
  });

  it('calls its server across origins without cookies and goes to an active address', async () => {
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    const { submit } = mount();
    submit(' Alice.HBAR ');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://alice.example.com/'));
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe(`${SERVER}/api/resolve/alice.hbar`);
    expect(init.credentials).toBe('omit');
  });

  it.each([
    ['an inactive record', { body: records({ status: 1 }) }, 'Web 2.0 URL Page is not setted.'],
    ['no address', { body: records({ siteAddress: '' }) }, 'Web 2.0 URL Page is not setted!'],
    [
      'an unregistered name',
      { status: 404, body: { code: 'NOT_FOUND', message: 'x' } },
      'Web 2.0 URL Page is not setted!',
    ],
    ['a bad answer', { body: { unexpected: true } }, 'Someting went wrong'],
    ['a network error', 'network-error' as const, 'Something went wrong!'],
  ])('says so for %s', async (_case, answer, text) => {
    serve(answer);
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    const { submit, message, input } = mount();
    submit('alice.hbar');
    await vi.waitFor(() => expect(message.textContent).toBe(text));
    expect(message.hidden).toBe(false);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(go).not.toHaveBeenCalled();
  });

  it('resolves an account id through its primary name, and says when it has none', async () => {
    fetchMock = vi.fn(async (url: string) => {
      const path = new URL(url).pathname;
      if (path === '/api/reverse/0.0.1234')
        return Response.json({ accountId: '0.0.1234', name: 'alice.hbar' });
      if (path === '/api/resolve/alice.hbar') return Response.json(records({}));
      return Response.json({ code: 'NOT_FOUND', message: 'none' }, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const go = vi.spyOn(navigation, 'go').mockImplementation(() => undefined);
    const { submit, message } = mount();
    submit('0.0.01234');
    await vi.waitFor(() => expect(go).toHaveBeenCalledWith('https://alice.example.com/'));
    submit('0.0.5678');
    await vi.waitFor(() => expect(message.textContent).toBe('This account has no primary name.'));
    expect(fetchMock.mock.calls.at(-1)![0]).toBe(`${SERVER}/api/reverse/0.0.5678`);
  });

  it('shows who a name without an address points to, as text, and clears it when the box changes', async () => {
    serve({ body: records({ status: 1, accountId: '<b>0.0.1234</b>', isPrimaryName: true }) });
    const { root, submit, message } = mount();
    submit('alice.hbar');
    await vi.waitFor(() => expect(message.textContent).toBe('Web 2.0 URL Page is not setted.'));
    const holder = root.querySelector<HTMLElement>('.holder')!;
    expect(holder.hidden).toBe(false);
    expect(holder.textContent).toBe('Held by <b>0.0.1234</b>, whose primary name it is');
    expect(holder.querySelector('b')).toBeNull();
    const input = root.querySelector('input')!;
    input.value = 'bob.hbar';
    input.dispatchEvent(new Event('input'));
    expect(holder.hidden).toBe(true);
  });

  it('checks the box before calling, and renders what it shows as text', () => {
    const { submit, message } = mount();
    submit('<img src=x onerror=alert(1)>');
    expect(message.textContent).toBe('Special characters are not allowed');
    expect(message.querySelector('img')).toBeNull();
    submit('ab');
    expect(message.textContent).toBe('Domain name length must be atleast 3 characters');
    submit('   ');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
