import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { DomainDetailPage } from '../pages/domain-detail-page';
import { Header } from '../pages/header';
import { CartPage } from '../pages/cart-page';
import { checkoutNewName, payAndCloseBeforeConfirm } from '../pages/checkout-flow';
import { SearchPage } from '../pages/search-page';

test.describe.configure({ timeout: 90_000 });

const unique = () => `led${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('a buyer who closes the page right after paying still gets the name: the server reads the ledger', async ({
  page,
  context,
  login,
  ledger,
  account,
  makeDomain,
}) => {
  // A returning buyer: the wallet has associated the .hbar collection with an earlier name.
  await makeDomain();
  const search = new SearchPage(page);
  await search.goto();
  await login();
  const { name, cart } = await checkoutNewName(page, search, unique());

  await payAndCloseBeforeConfirm(page, cart);

  // No browser is open: the ledger watcher settles the payment and the name is minted.
  const cookie = await ledger.signIn(account);
  await expect
    .poll(async () => (await ledger.domainsOf(cookie)).find((domain) => domain.itemName === name)?.status, {
      timeout: 30_000,
    })
    .toBeDefined();

  // The buyer comes back later and finds the name among their domains.
  const later = await context.newPage();
  await later.goto('/gui/domains/web3');
  await new Header(later).connectLocalWallet();
  await later.goto('/gui/w3mydomains');
  await expect(later.getByRole('table', { name: 'Domains' })).toContainText(name);
});

test('a name sent to a second Local Wallet account moves there, with a clear message until it can receive it', async ({
  page,
  login,
  ledger,
  account,
  makeDomain,
}) => {
  const name = await makeDomain();
  const receiver = await ledger.openAccount();
  await page.goto('/gui/domains/web3');
  await login();
  const detail = new DomainDetailPage(page);
  await detail.goto(name);
  await detail.row('NFT').getByRole('button', { name: 'Transfer' }).click();
  const dialog = detail.dialog(`Transfer ${name}`);
  await expect(dialog).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const receiverBox = dialog.getByLabel('Receiver: a name or an account id');
  await receiverBox.fill('alice');
  await dialog.getByRole('button', { name: 'Send domain' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Enter a name such as alice.hbar or an account id such as 0.0.1234',
  );
  // A name is resolved before anything is signed; this one points back to the sender.
  await receiverBox.fill(name);
  await expect(dialog.getByText('That is your own account: choose someone else')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send domain' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('That is your own account: choose someone else');

  // The receiver has not associated the collection: nothing is sent, and it says why.
  await receiverBox.fill(receiver.accountId);
  await dialog.getByRole('button', { name: 'Send domain' }).click();
  await expect(dialog.getByRole('alert')).toContainText(`${receiver.accountId} cannot receive ${name} yet`);

  const ownerCookie = await ledger.signIn(account);
  await ledger.associate(receiver, (await ledger.collectionOf(ownerCookie, name))!);
  await dialog.getByRole('button', { name: 'Send domain' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Sent. ${name} now belongs to ${receiver.accountId}; its records go with it.`,
    { timeout: 15_000 },
  );
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/gui\/w3mydomains$/);
  await expect(page.getByText(name)).toHaveCount(0);

  const receiverCookie = await ledger.signIn(receiver);
  expect((await ledger.domainsOf(receiverCookie)).map((domain) => domain.itemName)).toContain(name);
  expect((await ledger.domainsOf(ownerCookie)).map((domain) => domain.itemName)).not.toContain(name);
});

test('an extension paid and the page reloaded at once: the page shows where the payment stands, then the new expiry', async ({
  page,
  login,
  makeDomain,
}) => {
  const name = await makeDomain();
  await page.goto('/gui/domains/web3');
  await login();
  const detail = new DomainDetailPage(page);
  await detail.goto(name);
  const expiry = detail.row('Expires').locator('.domain-detail__value');
  const before = (await expiry.textContent())!;
  await detail.row('Expires').getByRole('button', { name: 'Extend Validity' }).click();
  const dialog = detail.dialog('Extend Validity');
  await expect(dialog.getByText(/^Price:/)).toBeVisible();

  // The wallet pays; the page reloads before its confirmation reaches the server.
  let paid!: () => void;
  const confirmSent = new Promise<void>((resolve) => {
    paid = resolve;
  });
  await page.route('**/api/orders/confirm', () => paid(), { times: 1 });
  await dialog.getByRole('button', { name: 'Extend' }).click();
  await confirmSent;
  await page.reload();

  await expect(page.getByText('Your payment is settled and done.')).toBeVisible({ timeout: 20_000 });
  await expect(expiry).not.toHaveText(before);
});

test('a subdomain paid and the page reloaded at once: the panel shows where the payment stands, then the subdomain is listed', async ({
  page,
  login,
  makeDomain,
}) => {
  const parent = await makeDomain();
  await page.goto('/gui/domains/web3');
  await login();
  const detail = new DomainDetailPage(page);
  await detail.goto(parent);
  const panel = page.getByRole('region', { name: 'Book a subdomain' });
  await panel.getByLabel('Subdomain name').fill('shop');
  await panel.getByRole('button', { name: 'Book' }).click();
  await expect(panel).toContainText(`shop.${parent}:`);

  let paid!: () => void;
  const confirmSent = new Promise<void>((resolve) => {
    paid = resolve;
  });
  await page.route('**/api/orders/confirm', () => paid(), { times: 1 });
  await panel.getByRole('button', { name: 'Payment' }).click();
  await confirmSent;
  await page.reload();

  await expect(panel.getByRole('status')).toHaveText('Your payment is settled and done.', {
    timeout: 20_000,
  });
  await panel.getByRole('link', { name: `Subdomains of ${parent}` }).click();
  await expect(page.getByRole('table', { name: `Subdomains of ${parent}` })).toContainText(`shop.${parent}`);
});

test('a released name bought by a second wallet: its old NFT leaves the first wallet, on the ledger and in its list', async ({
  page,
  login,
  ledger,
  account,
  baseURL,
}) => {
  const DAY = 24 * 60 * 60 * 1000;
  // The first wallet buys a name and holds its NFT…
  const first = await ledger.openAccount();
  const firstCookie = await ledger.signIn(first);
  const name = `${unique()}.hbar`;
  await ledger.purchase(first, firstCookie, {
    kind: 'domains',
    items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
  });
  await ledger.collect(first, firstCookie, name);
  const nftsOf = async (accountId: string) => {
    const response = await fetch(`${baseURL}/ledger/api/v1/accounts/${accountId}/nfts?limit=100`);
    const { nfts } = (await response.json()) as { nfts: { serial_number: number; metadata: string }[] };
    return nfts
      .filter((nft) => Buffer.from(nft.metadata, 'base64').toString() === name)
      .map((nft) => nft.serial_number);
  };
  const [oldSerial] = await nftsOf(first.accountId);
  expect(oldSerial).toBeDefined();

  // …lets it expire, and its grace period and release premium run out.
  await ledger.setExpiry(name, new Date(Date.now() - 52 * DAY));

  // The second wallet (this page's) finds it and buys it.
  const search = new SearchPage(page);
  await search.goto();
  await login();
  await search.search(name.replace(/\.hbar$/, ''));
  await expect(search.result(name)).toContainText('Available');
  await search.addToCart(name).click();
  await search.openCart.click();
  const cart = new CartPage(page);
  await cart.proceedToCheckout.click();
  await cart.proceedToPayment.click();
  await expect(cart.dialog('Congratulation! Your domain(s) has been minted')).toBeVisible({
    timeout: 30_000,
  });

  // One live NFT for the name: a new serial in the second wallet, none left in the first.
  await expect.poll(() => nftsOf(first.accountId), { timeout: 15_000 }).toEqual([]);
  const [newSerial] = await nftsOf(account.accountId);
  expect(newSerial).toBeGreaterThan(oldSerial!);
  expect((await ledger.domainsOf(firstCookie)).map((domain) => domain.itemName)).not.toContain(name);
  await page.goto('/gui/w3mydomains');
  await expect(page.getByRole('table', { name: 'Domains' })).toContainText(name);
});
