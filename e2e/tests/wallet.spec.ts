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

test.describe('the WalletConnect choice', () => {
  const hederaOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + 1}`;
  const walletConnectChunk = /\/(wallet-walletconnect|walletconnect-connector)\.[0-9a-f]+\.js$/;

  test('on the local ledger it says why it cannot connect, and loads nothing of WalletConnect', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => void fetched.push(request.url()));
    await page.goto('/gui/domains/web3');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    const reason =
      'WalletConnect reaches wallets on the Hedera network; this server runs on the local ledger, so use the Local Wallet.';
    await expect(dialog.getByText(reason)).toBeVisible();
    await dialog.getByRole('button', { name: 'WalletConnect' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(reason);
    expect(fetched.filter((url) => walletConnectChunk.test(url))).toEqual([]);
  });

  test('on the Hedera network its chunk arrives only when it is picked, and its pairing window takes over', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request) => void fetched.push(request.url()));
    // This machine reaches no WalletConnect relay: the page's attempt fails as it would offline.
    await page.routeWebSocket(/walletconnect/, (socket) => socket.close());
    await page.goto(`${hederaOrigin}/gui/domains/web3`);
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' });
    await expect(dialog.getByText('Any Hedera wallet (HIP-820) by QR code or link.')).toBeVisible();
    expect(fetched.filter((url) => walletConnectChunk.test(url))).toEqual([]);

    await dialog.getByRole('button', { name: 'WalletConnect' }).click();
    await expect.poll(() => fetched.filter((url) => walletConnectChunk.test(url)).length).toBe(2);
    // WalletConnect's pairing window (QR code and link) takes over; the registry's dialog steps aside.
    const pairing = page.getByRole('alertdialog');
    await expect(pairing).toBeVisible();
    await expect(dialog).toBeHidden();
    // Its wallet list comes from WalletConnect's explorer, which this machine cannot reach: pairing
    // itself is proved by the adapter tests against the library's DAppSigner.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })).toBeVisible();
  });
});
