import AxeBuilder from '@axe-core/playwright';
import type { Route } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CartPage } from '../pages/cart-page';
import { SearchPage } from '../pages/search-page';

const unique = () => `find${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an available name: price in HBAR and USD, add to cart, the popup and the cart dot', async ({
  page,
  header,
}) => {
  // The axe scan of the page with its popup took past 30 s once on a loaded CI machine.
  test.setTimeout(90_000);
  const search = new SearchPage(page);
  await search.goto();
  const label = unique();
  await search.search(label);
  const name = `${label}.hbar`;
  await expect(search.result(name)).toContainText('Available');
  // 10 USD a year at the local ledger's 0.05 USD for one HBAR.
  await expect(search.priceHbar).toHaveText('200.00 HBAR');
  await expect(search.priceUsd).toHaveText('10.00 USD');
  await expect(header.cartDot).toHaveCount(0);

  await search.addToCart(name).click();
  const popup = page.getByRole('status').filter({
    hasText: 'Products has been updated to cart. You can view the cart and checkout from here',
  });
  await expect(popup).toBeVisible();
  await expect(header.cartDot).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toHaveCount(0);

  await search.openCart.click();
  await expect(page).toHaveURL(/\/gui\/cart$/);
});

test('a taken name and a reserved one are not offered', async ({ page, makeDomain }) => {
  const taken = await makeDomain();
  const search = new SearchPage(page);
  await search.goto();
  await search.search(taken.replace(/\.hbar$/, ''));
  await expect(search.result(taken)).toContainText('Not available');
  await expect(search.addToCart(taken)).toHaveCount(0);

  await search.search('hedera');
  await expect(search.result('hedera.hbar')).toContainText('Reserved');
});

test('each validation message shows inline and as a toast', async ({ page }) => {
  const search = new SearchPage(page);
  await search.goto();
  for (const [text, message] of [
    ['al@pha', 'Special characters are not allowed'],
    ['.alpha', 'Invalid subdomain name'],
    ['a.b.c', 'Multiple subdomains are not allowed'],
    ['alpha.', 'Domain name length must be atleast 1 characters'],
  ] as const) {
    await search.search(text);
    await expect(search.error).toHaveText(message);
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: message }).first()).toBeVisible();
  }
  // The box takes no more than 63 minus the top-level domain's length.
  await expect(search.input).toHaveAttribute('maxlength', '59');
  await search.tld.selectOption('blade');
  await expect(search.input).toHaveAttribute('maxlength', '58');
});

test('a subdomain search checks the parent through the resolver', async ({ page, makeDomain }) => {
  const parent = await makeDomain();
  const search = new SearchPage(page);
  await search.goto();
  await search.search(`blog.${unique()}`);
  await expect(search.error).toHaveText(/^Domain \[.+\.hbar\] is not existing !$/);
  await search.search(`blog.${parent.replace(/\.hbar$/, '')}`);
  await expect(search.result(`blog.${parent}`)).toContainText('Available');
});

test('while the network is down, results are hidden behind the paused message', async ({ page }) => {
  // The second server runs on the Hedera network with no reachable mirror node: the ledger is down.
  const hederaOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + 1}`;
  const search = new SearchPage(page);
  await search.goto(hederaOrigin);
  await search.search('alpha');
  await expect(search.error).toHaveText(
    'Something went wrong, unable to connect - minting has paused, please re-try after some time',
  );
  await expect(search.priceHbar).toHaveCount(0);
});

test('suggestions: a table with prices in USD and HBAR, a donut drawn by a chart library loaded only then, add to cart', async ({
  page,
  header,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  const search = new SearchPage(page);
  await search.goto();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('suggestions-donut'))).toBe(false);

  const label = unique();
  await search.search(label);
  const { table, donut } = search.suggestions(`${label}.hbar`);
  await expect(table.getByRole('columnheader')).toHaveText([
    'Domain',
    'Price in USD',
    'Price in Hbar per year',
  ]);
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('cell')).toHaveText([/\.[a-z0-9]+$/, /^\d+\.\d{2}$/, /^\d+\.\d{2}$/]);
  await expect(donut.locator('path').first()).toBeVisible();
  expect(scripts.some((path) => path.includes('suggestions-donut'))).toBe(true);
  await expect(page.getByText('does not hold it: someone else can still buy it')).toBeVisible();

  const suggested = (await first.getByRole('cell').first().textContent())!;
  await search.addToCart(suggested).click();
  await expect(header.cartDot).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('prices are USD: when the rate line refreshes, the HBAR price of the result and the cart follow it', async ({
  page,
  header,
}) => {
  await page.clock.install();
  const search = new SearchPage(page);
  await search.goto();
  await expect(header.rateLine).toHaveText('1 HBAR : 0.050 USD');
  const label = unique();
  await search.search(label);
  const name = `${label}.hbar`;
  await expect(search.priceHbar).toHaveText('200.00 HBAR');
  await search.addToCart(name).click();
  // Everything the page loads (the cart note and the suggestions' chart, each a chunk of its own) has
  // arrived before time jumps: a chunk still loading would pass its load timeout at the jump.
  await expect(
    page.getByRole('status').filter({ hasText: 'Products has been updated to cart' }),
  ).toBeVisible();
  await expect(search.suggestions(name).donut.locator('path').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Ten minutes on, the price service says 0.08 USD for one HBAR.
  await page.route('**/api/rate', (route) =>
    route.fulfill({ json: { usdPerHbar: 0.08, fetchedAt: new Date().toISOString() } }),
  );
  await page.clock.fastForward(601_000);
  await expect(header.rateLine).toHaveText('1 HBAR : 0.080 USD');
  await expect(search.priceHbar).toHaveText('125.00 HBAR');
  await expect(search.priceUsd).toHaveText('10.00 USD');

  await page.getByRole('link', { name: 'Cart, 1 items' }).click();
  const cart = new CartPage(page);
  await expect(cart.item(name)).toContainText('125.00 HBAR');
  await expect(cart.total).toHaveText('125.00 HBAR');
});

test('a suggestion released lately shows its premium, and the cart adds it', async ({
  page,
  makeDomain,
  ledger,
}) => {
  const DAY = 24 * 60 * 60 * 1000;
  const label = unique();
  const released = await makeDomain({ name: `${label}1.hbar` });
  // Its grace period (30 days) ended a day ago: 1000 USD halved once, 10000 HBAR at 0.05, falling by the second.
  await ledger.setExpiry(released, new Date(Date.now() - 31 * DAY));
  const search = new SearchPage(page);
  await search.goto();
  await search.search(label);
  const { table } = search.suggestions(`${label}.hbar`);
  const note = table.getByRole('row').filter({ hasText: released }).getByTestId('suggestion-premium');
  await expect(note).toHaveText(/^\+ (99\d\d\.\d\d|10000\.00) HBAR premium until /);
  const premium = Number(/\+ ([\d.]+) HBAR/.exec((await note.textContent())!)![1]);
  await search.addToCart(released).click();
  await search.openCart.click();
  // The cart reads the premium again when it opens: the same, or a few cents lower by then.
  const line = new CartPage(page).item(released);
  await expect(line).toContainText(/10[12]\d\d\.\d\d HBAR/);
  const inCart = Number(/([\d.]+) HBAR/.exec((await line.textContent())!)![1]) - 200;
  expect(inCart).toBeLessThanOrEqual(premium);
  expect(inCart).toBeGreaterThan(premium - 1);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`on a ${viewport.name}, the first "Add … to cart" a shopper can reach is the searched name's, in a place held from the first frame`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    // The searched name's answer and its card's script are slow; the suggestions' would come at once.
    const slow = (ms: number) => async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    };
    await page.route('**/api/domains/availability?*', slow(300));
    await page.route('**/remotes/mfe-search/**/search-result.*.js', slow(2000));
    const search = new SearchPage(page);
    await search.goto();
    const label = unique();
    const name = `${label}.hbar`;

    // Every frame from the search on: the first add button in the page's order (the keyboard's), and
    // where the result's card stands.
    // A script of its own (not a compiled function): what runs in the page is exactly this text.
    await page.evaluate(`
      window.frames_ = [];
      const record = () => {
        const first = document.querySelector('button[aria-label^="Add "][aria-label$=" to cart"]');
        const card = document.querySelector('.search-page__results > section');
        window.frames_.push({
          firstAdd: first ? first.getAttribute('aria-label') : null,
          resultTop: card ? card.getBoundingClientRect().top + window.scrollY : null,
          height: card ? card.getBoundingClientRect().height : 0,
        });
        requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    `);
    await search.search(label);
    await expect(search.result(name)).toContainText('Available');
    await expect(search.suggestions(name).table).toBeVisible();
    const frames = await page.evaluate(
      () =>
        (
          window as unknown as {
            frames_: Array<{ firstAdd: string | null; resultTop: number | null; height: number }>;
          }
        ).frames_,
    );

    const withButtons = frames.filter((frame) => frame.firstAdd !== null);
    expect(withButtons.length).toBeGreaterThan(0);
    expect(new Set(withButtons.map((frame) => frame.firstAdd))).toEqual(new Set([`Add ${name} to cart`]));
    // The placeholder stood where the result then showed, and the result stayed there.
    const placed = frames.filter((frame) => frame.resultTop !== null);
    const beforeResult = frames.findIndex((frame) => frame.firstAdd !== null);
    expect(frames.slice(0, beforeResult).some((frame) => frame.resultTop !== null)).toBe(true);
    expect(new Set(placed.map((frame) => Math.round(frame.resultTop!)))).toEqual(
      new Set([Math.round(placed[0]!.resultTop!)]),
    );
    // …at the size of the result: what is under it does not move either.
    const placeholderHeight = placed[0]!.height;
    const resultHeight = placed.at(-1)!.height;
    console.log(`placeholder ${placeholderHeight} px, result ${resultHeight} px`);
    expect(Math.abs(placeholderHeight - resultHeight)).toBeLessThanOrEqual(2);

    // With the keyboard: from the search box, the first add button reached is the searched name's.
    await search.input.focus();
    for (let presses = 0; presses < 10; presses += 1) {
      await page.keyboard.press('Tab');
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      if (/^Add .* to cart$/.test(label)) {
        expect(label).toBe(`Add ${name} to cart`);
        return;
      }
    }
    throw new Error('no add button reached with the keyboard');
  });
}
