import { ROUTE_MANIFEST } from '@registry/contracts/routes';
import { expect, test } from '../fixtures';

/** Every page of spec section 2, reached through the shell, rendered by its remote. */
const pages: { path: string; page: string; heading: string; remoteFolder: string }[] = [
  {
    path: '/gui/domains/web3',
    page: 'search',
    heading: 'Smart domains. Tokenized on Hedera.',
    remoteFolder: 'mfe-search',
  },
  {
    path: '/gui/domains/web2',
    page: 'search',
    heading: 'Smart domains. Tokenized on Hedera.',
    remoteFolder: 'mfe-search',
  },
  {
    path: '/gui/domains/web3/blade',
    page: 'search',
    heading: 'Smart domains. Tokenized on Hedera.',
    remoteFolder: 'mfe-search',
  },
  { path: '/gui/claim', page: 'claim', heading: 'Claim Domain', remoteFolder: 'mfe-search' },
  {
    path: '/gui/domain/web3/detail?domain=alpha.hbar',
    page: 'domain-detail',
    heading: 'Domain Details',
    remoteFolder: 'mfe-my-domains',
  },
  {
    path: '/gui/domain/web3/manage?domain=alpha.hbar',
    page: 'domain-manage',
    heading: 'Domain Management',
    remoteFolder: 'mfe-my-domains',
  },
  {
    path: '/gui/domain/web2/manage?domain=alpha.com',
    page: 'domain-manage',
    heading: 'DNS Management',
    remoteFolder: 'mfe-my-domains',
  },
  {
    path: '/gui/odomain/web3/detail?domain=alpha.hbar',
    page: 'other-domain-detail',
    heading: 'Domain Details',
    remoteFolder: 'mfe-my-domains',
  },
  {
    path: '/gui/odomain/web3/manage?domain=alpha.hbar',
    page: 'other-domain-manage',
    heading: 'Domain Management',
    remoteFolder: 'mfe-my-domains',
  },
  { path: '/gui/w3mydomains', page: 'my-domains', heading: 'Domains', remoteFolder: 'mfe-my-domains' },
  {
    path: '/gui/w3mysubdomains/alpha.hbar',
    page: 'my-subdomains',
    heading: 'Subdomains of alpha.hbar',
    remoteFolder: 'mfe-my-domains',
  },
  {
    path: '/gui/nbsafhukfhus',
    page: 'pending',
    heading: 'Pending Domain Transactions',
    remoteFolder: 'mfe-my-domains',
  },
  { path: '/gui/cart', page: 'cart', heading: 'Your Cart', remoteFolder: 'mfe-cart-checkout' },
  { path: '/gui/cart/checkout', page: 'checkout', heading: 'Checkout', remoteFolder: 'mfe-cart-checkout' },
  { path: '/gui/profile/orders', page: 'profile', heading: 'Orders & Profile', remoteFolder: 'mfe-profile' },
  {
    path: '/index.html?t=ev&x=abc123',
    page: 'email-verification',
    heading: 'Email verification',
    remoteFolder: 'mfe-profile',
  },
  { path: '/w3/resolver', page: 'resolver', heading: 'Resolve Hedera Domains', remoteFolder: 'mfe-resolver' },
  { path: '/resolver', page: 'resolver', heading: 'Resolve Hedera Domains', remoteFolder: 'mfe-resolver' },
];

/** Pages of an account (spec section 2): they need a connected wallet. */
const accountPages = new Set(ROUTE_MANIFEST.filter((route) => route.account).map((route) => route.page));

for (const { path, page, heading, remoteFolder } of pages) {
  test(`${path} shows the ${page} page of ${remoteFolder}`, async ({ page: browser, login }) => {
    if (accountPages.has(page)) {
      await browser.goto('/gui/domains/web3');
      await login();
    }
    const remoteFiles: string[] = [];
    const files: string[] = [];
    browser.on('response', (response) => {
      if (response.url().includes(`/remotes/${remoteFolder}/`)) remoteFiles.push(response.url());
    });
    browser.on('request', (request) => {
      if (/\.(js|css|json)$/.test(new URL(request.url()).pathname)) files.push(request.url());
    });
    await browser.goto(path);
    const section = browser.locator(`[data-page="${page}"]`);
    await expect(section.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(browser.locator('.app-header')).toBeVisible();
    expect(remoteFiles.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    // The page holds its remotes list and names what it runs: nothing is asked for twice.
    expect(files.filter((url) => url.endsWith('/remotes.json'))).toEqual([]);
    expect(files.filter((url, index) => files.indexOf(url) !== index)).toEqual([]);
  });
}

test('the first HTML names the files the page runs, and each is used', async ({ page }) => {
  const preloadWarnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) preloadWarnings.push(message.text());
  });
  // The cart's remote is this server's own build (the search remote is configured on another origin).
  const answer = await page.goto('/gui/cart');
  const html = (await answer?.text()) ?? '';
  const named = [...html.matchAll(/<link rel="preload" as="\w+" href="([^"]+)"/g)].map((match) => match[1]);
  expect(named).toEqual(
    expect.arrayContaining([
      '/remotes/mfe-cart-checkout/remoteEntry.js',
      expect.stringMatching(/^\/remotes\/mfe-cart-checkout\/page-cart\.[0-9a-f]{8}\.js$/),
    ]),
  );
  await expect(page.locator('[data-page="cart"] h1')).toHaveText('Your Cart');
  // Chromium warns a few seconds after load about a preload the page did not use.
  await page.waitForTimeout(4000);
  expect(preloadWarnings).toEqual([]);
});

test('account pages opened without a wallet go to the search page; a restored wallet stays', async ({
  page,
  login,
}) => {
  // Nine page loads and a sign-in: 8 s alone, about four times that on a loaded CI machine.
  test.setTimeout(60_000);
  for (const path of [
    '/gui/w3mydomains',
    '/gui/nbsafhukfhus',
    '/gui/profile/orders',
    '/gui/domain/web3/detail?domain=a.hbar',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/gui\/domains\/web3$/);
  }
  await login();
  await page.goto('/gui/w3mydomains');
  await expect(page.locator('[data-page="my-domains"] h1')).toHaveText('Domains');
  await page.reload();
  await expect(page.locator('[data-page="my-domains"] h1')).toHaveText('Domains');
  await expect(page).toHaveURL(/\/gui\/w3mydomains$/);
  await page.goto('/gui/profile');
  await expect(page).toHaveURL(/\/gui\/profile\/orders$/);
});

test.describe('redirects', () => {
  const redirects: [string, string][] = [
    ['/', '/gui/domains/web3'],
    ['/gui', '/gui/domains/web3'],
    ['/gui/domains', '/gui/domains/web2'],
    ['/index.html', '/gui/domains/web3'],
    ['/index.html?t=ev&x=', '/gui/domains/web3'],
  ];
  for (const [from, to] of redirects) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
    });
  }
});

test('an unknown page shows the not-found page inside the shell', async ({ page }) => {
  const response = await page.goto('/gui/no-such-page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const outside = await page.goto('/no-such-page');
  expect(outside?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/gui/domains/web5');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('footer carries the current year, the links and Powered by Hedera', async ({ page }) => {
  await page.goto('/gui/domains/web3');
  const footer = page.locator('.app-footer');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  for (const name of ['Privacy', 'Terms', 'FAQs', 'Contact']) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer).toContainText('Powered by');
  await expect(footer.getByRole('link', { name: 'Hedera' })).toBeVisible();
});

test('the account menu is hidden on /resolver only', async ({ page }) => {
  await page.goto('/w3/resolver');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await page.goto('/resolver');
  await expect(page.locator('[data-page="resolver"] h1')).toHaveText('Resolve Hedera Domains');
  await expect(page.getByTestId('account-menu')).toHaveCount(0);
});

test('the search page lists the top-level domains served by the API', async ({ page }) => {
  await page.goto('/gui/domains/web3');
  const select = page.getByRole('combobox', { name: 'Top-level domain' });
  await expect(select.locator('option')).toHaveText(['.hbar', '.blade', '.hangry', '.bhc', '.koala']);
  await expect(select).toHaveValue('hbar');
});
