import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import type { BusEventMap } from '@registry/contracts/bus-events';
import type { DonutSlice } from './features/suggestions/donut-data';
import { SearchRoute } from './search-route';

/** The search page as its route shows it, with its suggestions and domain grid. */
const renderSearchPage = () => render(<SearchRoute />);

// The result card and suggestions load on first use: on a busy machine that can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out, so the chart library cannot size its drawing: the donut stands in as its slices.
vi.mock('./features/suggestions/components/suggestions-donut', () => ({
  default: ({ slices }: { slices: DonutSlice[] }) => (
    <span>{slices.map((slice) => slice.label).join(',')}</span>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = { status?: number; body: unknown };

/** The server, as the page's fetch sees it: one answer per path. */
function serve(answers: Record<string, Answer>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      const key = Object.keys(answers).find((path) => `${url.pathname}${url.search}`.startsWith(path));
      const answer = key ? answers[key]! : { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
      return Response.json(answer.body, { status: answer.status ?? 200 });
    }),
  );
}

const PARENT_RECORDS = {
  domainName: 'alice.hbar',
  siteAddress: null,
  assetsMap: { web3Asset: null, twitter: null, linkedIn: null, facebook: null, instagram: null },
  status: 1,
  statusSiteAddress: 0,
  statusAssets: 0,
  tokenId: '0.0.5001',
  accountId: '0.0.1234',
  evmAddress: '0x00000000000000000000000000000000000004d2',
  expiresAt: '2027-11-26T00:00:00.000Z',
  isPrimaryName: false,
};

const TLDS = { '/api/tlds': { body: { tlds: [{ itemName: 'hbar' }, { itemName: 'blade' }] } } };

function listen<K extends keyof BusEventMap>(name: K) {
  const seen: BusEventMap[K][] = [];
  const off = bus.on(name, (payload) => seen.push(payload));
  return { seen, off };
}

async function searchFor(text: string) {
  const input = screen.getByRole('textbox', { name: 'Domain name' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

describe('search page', () => {
  it('shows the heading and the top-level domains from the server, hbar first', async () => {
    serve(TLDS);
    renderSearchPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Smart domains. Tokenized on Hedera.');
    expect(screen.getByText('Humanizing Internet, Safely.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['.hbar', '.blade']),
    );
    // 63 minus the top-level domain's length.
    expect(screen.getByRole('textbox', { name: 'Domain name' }).getAttribute('maxlength')).toBe('59');
  });

  it.each([
    ['al@pha', 'Special characters are not allowed'],
    ['.alpha', 'Invalid subdomain name'],
    ['a.b.c', 'Multiple subdomains are not allowed'],
    ['alpha.', 'Domain name length must be atleast 1 characters'],
  ])('refuses %s inline and in a toast: %s', async (text, message) => {
    serve(TLDS);
    renderSearchPage();
    const toasts = listen('toast');
    await searchFor(text);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(toasts.seen).toEqual([{ kind: 'error', message }]);
    toasts.off();
  });

  it('does nothing for an empty search', async () => {
    serve(TLDS);
    renderSearchPage();
    await searchFor('   ');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an available name with its price in HBAR and USD, and adds it to the cart for 12 months', async () => {
    serve({
      ...TLDS,
      '/api/domains/availability': {
        body: {
          name: 'alpha.hbar',
          status: 1,
          available: true,
          reserved: false,
          networkDown: false,
          price: 200,
          priceUsd: 10,
        },
      },
    });
    bus.emit('rate:updated', { usdPerHbar: 0.05, fetchedAt: '2026-11-23T00:00:00.000Z' });
    renderSearchPage();
    const adds = listen('cart:add');
    await searchFor('Alpha');
    // 10 USD a year at 0.05 USD for one HBAR.
    expect(await screen.findByTestId('price-hbar')).toHaveProperty('textContent', '200.00 HBAR');
    expect(screen.getByTestId('price-usd').textContent).toBe('10.00 USD');
    // The rate line refreshes: the HBAR price follows, the USD price stays.
    act(() => bus.emit('rate:updated', { usdPerHbar: 0.08, fetchedAt: '2026-11-23T00:10:00.000Z' }));
    expect(screen.getByTestId('price-hbar').textContent).toBe('125.00 HBAR');
    expect(screen.getByTestId('price-usd').textContent).toBe('10.00 USD');
    fireEvent.click(screen.getByRole('button', { name: 'Add alpha.hbar to cart' }));
    expect(adds.seen).toEqual([
      { itemName: 'alpha.hbar', basePrice: 125, basePriceUsd: 10, months: 12, origin: 'search-result' },
    ]);
    adds.off();
  });

  it.each([
    [
      'HCS-DOWN',
      'Something went wrong, unable to connect - minting has paused, please re-try after some time',
    ],
    [undefined, 'Something went wrong-[N/W-5575]'],
  ])('hides results on -9 (%s) with the spec message', async (msg, message) => {
    serve({
      ...TLDS,
      '/api/domains/availability': {
        body: {
          name: 'alpha.hbar',
          status: -9,
          available: false,
          reserved: false,
          networkDown: true,
          ...(msg ? { msg } : {}),
          price: null,
          priceUsd: null,
        },
      },
    });
    renderSearchPage();
    await searchFor('alpha');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByTestId('price-hbar')).toBeNull();
  });

  it('lists suggestions with prices in USD (at the published rate) and HBAR, a donut of the closest, and adds one to the cart', async () => {
    serve({
      ...TLDS,
      '/api/domains/availability': {
        body: {
          name: 'alpha.hbar',
          status: 0,
          available: false,
          reserved: false,
          networkDown: false,
          price: null,
          priceUsd: null,
        },
      },
      '/api/domains/suggestions': {
        body: {
          suggestions: [
            { id: 1, name: 'alpha1.hbar', price: 50, priceUsd: 10, similarity: 91 },
            { id: 2, name: 'getalpha.hbar', price: 62.5, priceUsd: 12.5, similarity: 0 },
          ],
        },
      },
    });
    bus.emit('rate:updated', { usdPerHbar: 0.2, fetchedAt: '2026-11-23T00:00:00.000Z' });
    renderSearchPage();
    const adds = listen('cart:add');
    await searchFor('alpha');
    const table = await screen.findByRole('table', { name: 'Suggestions for alpha.hbar' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Domain', 'Price in USD', 'Price in Hbar per year']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['alpha1.hbar', '10.00', '50.00'],
      ['getalpha.hbar', '12.50', '62.50'],
    ]);
    // The donut shows only suggestions that share something with the search.
    const donut = await screen.findByRole('img', { name: 'Closest suggestions: alpha1.hbar 91%' });
    await waitFor(() => expect(donut.textContent).toBe('alpha1.hbar'));
    fireEvent.click(screen.getByRole('button', { name: 'Add getalpha.hbar to cart' }));
    expect(adds.seen).toEqual([
      { itemName: 'getalpha.hbar', basePrice: 62.5, basePriceUsd: 12.5, months: 12, origin: 'search-result' },
    ]);
    adds.off();
  });

  it.each([
    [null, 'Domain [alice.hbar] is not existing !'],
    [1, null],
  ])(
    'passes a subdomain whose parent has serial number %s only when minted (serial at least 1)',
    async (serialNo, message) => {
      serve({
        ...TLDS,
        '/api/resolve/': { body: { ...PARENT_RECORDS, serialNo } },
        '/api/domains/taken': { body: { taken: [] } },
      });
      renderSearchPage();
      await searchFor('blog.alice');
      if (message) expect((await screen.findByRole('alert')).textContent).toBe(message);
      else expect(await screen.findByRole('region', { name: 'Result for blog.alice.hbar' })).toBeTruthy();
    },
  );

  it("checks a subdomain's parent through the resolver", async () => {
    serve({ ...TLDS, '/api/resolve/': { status: 404, body: { code: 'NOT_FOUND', message: 'no' } } });
    renderSearchPage();
    await searchFor('blog.alice');
    expect((await screen.findByRole('alert')).textContent).toBe('Domain [alice.hbar] is not existing !');
  });
});
