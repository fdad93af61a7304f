import { checkoutNewName } from '../pages/checkout-flow';
import { Header } from '../pages/header';
import { SearchPage } from '../pages/search-page';
import { expect, holderOfName, mirrorBalance, test } from '../wallets/fixtures';

const MINTED = 'Congratulation! Your domain(s) has been minted';
/** What every transaction costs on the local network (0.001 HBAR). */
const FEE_TINYBARS = 100_000n;
const unique = () => `wc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Each journey pairs, signs and pays through the relay and the local network.
test.describe.configure({ timeout: 120_000 });

test('WalletConnect: pairs with the reference wallet, signs in, buys a name the wallet pays for and associates; delivered', async ({
  page,
  referenceWallet,
}) => {
  const header = new Header(page);
  const search = new SearchPage(page);
  await search.goto();
  await header.connectButton.click();
  await header.connectDialog.getByRole('button', { name: 'WalletConnect' }).click();
  // The pairing window's QR code carries the wc: URI a wallet scans.
  const qr = page.locator('wcm-qrcode');
  await expect(qr).toBeAttached({ timeout: 30_000 });
  const uri = await qr.evaluate((element) => (element as unknown as { uri: string }).uri);
  expect(uri).toMatch(/^wc:/);
  await referenceWallet.pair(uri);
  await expect(header.accountId).toHaveText(referenceWallet.accountId, { timeout: 30_000 });
  expect(referenceWallet.requests.map((request) => request.method)).toContain('hedera_signMessage');

  const { name, cart } = await checkoutNewName(page, search, unique());

  const before = await mirrorBalance(referenceWallet.accountId);
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  await cart.proceedToPayment.click();
  const { amountTinybars } = (await (await quoted).json()) as { amountTinybars: string };
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });

  // The wallet paid and associated the collection, each signed and executed by itself.
  const executed = referenceWallet.requests.filter(
    (request) => request.method === 'hedera_signAndExecuteTransaction',
  );
  expect(executed).toHaveLength(2);
  expect(await holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  const after = await mirrorBalance(referenceWallet.accountId);
  expect(before - after).toBe(BigInt(amountTinybars) + 2n * FEE_TINYBARS);
});
