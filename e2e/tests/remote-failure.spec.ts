import { expect, test } from '@playwright/test';

test('a remote that cannot load shows a Retry fallback while the rest keeps working', async ({ page }) => {
  await page.route('**/remotes/mfe-search/**', (route) => route.abort('connectionrefused'));
  await page.goto('/gui/domains/web3');

  const fallback = page.locator('[data-remote-fallback="search"]');
  await expect(fallback).toBeVisible();
  await expect(fallback.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.locator('.app-header')).toBeVisible();
  await expect(page.locator('.app-footer')).toContainText('Powered by');

  // Another remote still loads from the header.
  await page.getByRole('link', { name: /^Cart/ }).click();
  await expect(page).toHaveURL(/\/gui\/cart$/);
  await expect(page.locator('[data-page="cart"] h1')).toHaveText('Your Cart');

  // Once the remote is reachable again, Retry brings it back without reloading the page.
  await page.goBack();
  await expect(fallback).toBeVisible();
  await page.unroute('**/remotes/mfe-search/**');
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('[data-page="search"] h1')).toHaveText('Smart domains. Tokenized on Hedera.');
  await expect(fallback).toHaveCount(0);
});

test('the shell finds remotes at run time from the list the server gives, even on another origin', async ({
  page,
  baseURL,
}) => {
  // The server is configured with REMOTE_URL_SEARCH on 127.0.0.1 while the page is on localhost.
  const otherOrigin = baseURL!.replace('localhost', '127.0.0.1');
  const crossOrigin: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${otherOrigin}/remotes/mfe-search/`)) crossOrigin.push(response.url());
  });
  await page.goto('/gui/domains/web3');
  await expect(page.locator('[data-page="search"] h1')).toHaveText('Smart domains. Tokenized on Hedera.');
  expect(crossOrigin.some((url) => url.endsWith('remoteEntry.js'))).toBe(true);
});

test('the page runs no script from an origin the server did not configure (CSP)', async ({
  page,
  baseURL,
}) => {
  const strangeOrigin = baseURL!.replace('localhost', '127.0.0.2');
  const strangeEntry = `${strangeOrigin}/remotes/mfe-resolver/remoteEntry.js`;
  // The list comes in the page itself, and from /remotes.json on a later read.
  await page.route('**/resolver', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /("name":"resolver","entry":")[^"]+/,
      (_, start: string) => `${start}${strangeEntry}`,
    );
    expect(html).toContain(strangeEntry);
    await route.fulfill({ response, body: html });
  });
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const manifest = (await response.json()) as { remotes: { name: string; entry: string }[] };
    for (const remote of manifest.remotes) {
      if (remote.name === 'resolver') remote.entry = strangeEntry;
    }
    await route.fulfill({ response, json: manifest });
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.goto('/resolver');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  expect(violations.some((text) => text.includes(strangeOrigin))).toBe(true);
});

test.describe('a part of the frame loaded on first use (the wallet dialog)', () => {
  test('is asked for again when its chunk is lost once, and opens', async ({ page }) => {
    await page.goto('/gui/domains/web3');
    await expect(page.locator('[data-page="search"] h1')).toHaveText('Smart domains. Tokenized on Hedera.');
    // From now on the first script the page asks for is lost, as on a dropped connection.
    const scripts: string[] = [];
    await page.route('**/*.js', async (route) => {
      scripts.push(route.request().url());
      if (scripts.length === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(1);
    // The lost script was the one asked for again.
    expect(scripts.slice(1)).toContain(scripts[0]);
  });

  test('that cannot be had says so, and the page stays', async ({ page }) => {
    await page.goto('/gui/domains/web3');
    // The page's own title (the first HTML draws one before any script runs).
    await expect(page.locator('[data-page="search"] h1')).toHaveText('Smart domains. Tokenized on Hedera.');
    await page.route('**/*.js', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('alert')).toHaveText('Could not load. Check your connection and reload');
    await expect(page.getByRole('heading', { name: 'Smart domains. Tokenized on Hedera.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
    await page.unroute('**/*.js');
    await page.getByRole('button', { name: 'reload' }).click();
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
