import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

/**
 * A page's title arrives with its first HTML (the server draws the frame and the title block of the
 * page the address shows): a phone paints it with the stylesheet, before the scripts have arrived,
 * and the page's own title then takes that place without moving.
 */
const TITLED_PAGES = [
  { path: '/gui/domains/web3?domain=alpha', page: 'search', title: 'Smart domains. Tokenized on Hedera.' },
  { path: '/gui/cart', page: 'cart', title: 'Your Cart' },
  { path: '/resolver', page: 'resolver', title: 'Resolve Hedera Domains' },
  // An account page opened without a wallet: the search page it is sent to.
  { path: '/gui/w3mydomains', page: 'search', title: 'Smart domains. Tokenized on Hedera.' },
];

const SCREENS = [
  { label: 'a phone', viewport: { width: 390, height: 844 } },
  { label: 'a desktop', viewport: { width: 1280, height: 800 } },
];

/** Where a heading's text is on the screen (its words, not its block's width). */
const textBox = (heading: Locator) =>
  heading.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });

async function withoutScripts<T>(
  browser: Browser,
  viewport: { width: number; height: number },
  use: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

test('with its scripts off, a page still shows the frame, its title and the way back', async ({
  browser,
  baseURL,
}) => {
  await withoutScripts(browser, { width: 390, height: 844 }, async (page) => {
    await page.goto(`${baseURL}/gui/cart`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Cart');
    await expect(page.getByRole('link', { name: 'continue shopping' })).toHaveAttribute(
      'href',
      '/gui/domains/web3',
    );
    await expect(page.getByRole('link', { name: 'Hedera Domains' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading…');
    await page.goto(`${baseURL}/resolver`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resolve Hedera Domains');
    await expect(page.getByText('Humanizing Internet, Safely.')).toBeVisible();
  });
});

for (const { label, viewport } of SCREENS) {
  test(`on ${label}, the first HTML's title is where the page draws its own, and nothing shifts it`, async ({
    browser,
    page,
    baseURL,
  }) => {
    await page.setViewportSize(viewport);
    for (const { path, page: pageName, title } of TITLED_PAGES) {
      const drawnFirst = await withoutScripts(browser, viewport, async (bare) => {
        await bare.goto(`${baseURL}${path}`);
        const heading = bare.getByRole('heading', { level: 1 });
        await expect(heading).toHaveText(title);
        return textBox(heading);
      });
      await page.addInitScript(() => {
        const shifted: string[] = [];
        (window as unknown as { shiftedHeadings: string[] }).shiftedHeadings = shifted;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { sources?: Array<{ node?: Node }> }
          >)
            for (const source of entry.sources ?? [])
              if (source.node instanceof Element && source.node.closest('h1, .page-heading'))
                shifted.push(source.node.outerHTML.slice(0, 80));
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      const heading = page.locator(`[data-page="${pageName}"] h1`);
      await expect(heading).toHaveText(title);
      const drawnByPage = await textBox(heading);
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(
          Math.abs(drawnByPage[key] - drawnFirst[key]),
          `${path}: the title's ${key}`,
        ).toBeLessThanOrEqual(1);
      expect(
        await page.evaluate(() => (window as unknown as { shiftedHeadings: string[] }).shiftedHeadings),
        path,
      ).toEqual([]);
    }
  });
}
