import { expect, test } from '../fixtures';

test('connects the Local Wallet, signs in with it, keeps the session over a reload and logs out', async ({
  page,
  header,
}) => {
  const sdkChunks: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) sdkChunks.push(response.url());
  });
  await page.goto('/gui/domains/web3');
  await expect(header.rateLine).toHaveText('1 HBAR : 0.050 USD');
  const firstLoad = sdkChunks.length;

  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(dialog.getByRole('button', { name: 'Hashpack' })).toBeEnabled();
  await expect(dialog.getByText("This server's ledger takes the Local Wallet only.").first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Local Wallet' }).click();

  await expect(header.accountId).toHaveText(/^0\.0\.\d+$/);
  const accountId = (await header.accountId.textContent())!;
  // The wallet code (and the SDK) arrived only when the button was pressed.
  expect(sdkChunks.length).toBeGreaterThan(firstLoad);

  const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
  expect(session).toEqual({ accountId });

  await header.openAccountMenu();
  // The faucet's 10,000 HBAR: signing in costs nothing.
  await expect(header.balance).toHaveText('10000.00 HBAR');

  await page.reload();
  await expect(header.accountId).toHaveText(accountId);

  await header.logout();
  await expect(page).toHaveURL(/\/gui\/domains\/web3$/);
  const after = await page.evaluate(async () => (await fetch('/api/auth/session')).status);
  expect(after).toBe(401);
});

test.describe('wallet choices on the local ledger', () => {
  for (const [wallet, installUrl] of [
    ['Hashpack', 'https://www.hashpack.app/download'],
    ['Blade', 'https://bladewallet.io/'],
  ] as const) {
    test(`${wallet} stays a choice: without its extension it says it is not installed, with the install link`, async ({
      page,
    }) => {
      await page.goto('/gui/domains/web3');
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
      await dialog.getByRole('button', { name: wallet }).click();
      await expect(dialog.getByRole('status')).toHaveText(`Looking for ${wallet}…`);
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(`${wallet} is not installed`);
      await expect(alert.getByRole('link', { name: 'Install' })).toHaveAttribute('href', installUrl);
    });
  }

  test('an installed extension is told that this ledger takes the Local Wallet only', async ({ page }) => {
    // What the extensions do in a page: Blade publishes bladeConnect, HashPack answers HashConnect's query.
    await page.addInitScript(() => {
      Object.assign(window, { bladeConnect: {} });
      window.addEventListener('message', (event) => {
        if ((event.data as { type?: string } | null)?.type === 'hashconnect-query-extension')
          window.postMessage({ type: 'hashconnect-query-extension-response' }, '*');
      });
    });
    await page.goto('/gui/domains/web3');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    for (const wallet of ['Hashpack', 'Blade']) {
      await dialog.getByRole('button', { name: wallet }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        `${wallet} is installed, but this server's ledger takes the Local Wallet only.`,
      );
    }
  });
});

test.describe('on the Hedera network', () => {
  const hederaOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + 1}`;

  for (const [wallet, installUrl] of [
    ['Hashpack', 'https://www.hashpack.app/download'],
    ['Blade', 'https://bladewallet.io/'],
  ] as const) {
    test(`${wallet} without its extension says it is not installed after 2 s, with the install link`, async ({
      page,
    }) => {
      await page.goto(`${hederaOrigin}/gui/domains/web3`);
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
      await expect(dialog.getByRole('button', { name: 'Local Wallet' })).toHaveCount(0);
      const started = Date.now();
      await dialog.getByRole('button', { name: wallet }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText(`${wallet} is not installed`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      await expect(alert.getByRole('link', { name: 'Install' })).toHaveAttribute('href', installUrl);
    });
  }

  test('Blade mode (opened from Blade, /gui/domains/{type}/blade): Connect Wallet goes straight to Blade', async ({
    page,
  }) => {
    await page.goto(`${hederaOrigin}/gui/domains/web3/blade`);
    await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    // No wallet was picked by hand: the Blade attempt runs by itself and reports the missing extension.
    await expect(dialog.getByRole('alert')).toContainText('Blade is not installed');
  });
});
