import type { Page } from '@playwright/test';
import type { QuoteResponse } from '@registry/contracts/orders';
import { checkoutNewName } from '../pages/checkout-flow';
import { DomainDetailPage } from '../pages/domain-detail-page';
import { Header } from '../pages/header';
import { SearchPage } from '../pages/search-page';
import { installHashPackStandIn } from '../wallets/extension-stand-ins';
import type { ReferenceWallet } from '../wallets/reference-wallet';
import { expect, test } from '../wallets/fixtures';

const MINTED = 'Congratulation! Your domain(s) has been minted';
/** What every transaction costs on the local network (0.001 HBAR). */
const FEE_TINYBARS = 100_000n;
const unique = () => `hp${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// HashPack knows no local network: its journeys run on the registry configured as on testnet.
test.use({ walletNetwork: 'testnet' });
test.describe.configure({ timeout: 150_000 });

const methodsOf = (wallet: ReferenceWallet) =>
  wallet.requests.map((request) => `${request.method} ${request.decision}`);

/**
 * The search page, Connect Wallet → Hashpack: HashConnect finds the extension and hands it the pairing,
 * the wallet approves the session and signs the server's sign-in message.
 */
async function connectHashPack(page: Page, wallet: ReferenceWallet) {
  const extension = await installHashPackStandIn(page, wallet);
  await new SearchPage(page).goto();
  const header = new Header(page);
  await header.connectButton.click();
  await header.connectDialog.getByRole('button', { name: 'Hashpack' }).click();
  await expect(header.accountId).toHaveText(wallet.accountId, { timeout: 30_000 });
  expect(extension).toEqual(
    expect.arrayContaining(['hashconnect-query-extension', 'hashconnect-connect-extension']),
  );
  return { search: new SearchPage(page), header, extension };
}

test('HashPack: the extension pairs, the wallet signs in, buys a name, extends it and sends it to a second account; each step on the ledger', async ({
  page,
  referenceWallet,
  onNetwork,
}) => {
  const { search } = await connectHashPack(page, referenceWallet);
  // Signed in: the server checked the wallet's HIP-820 signature of its one-time message.
  expect(methodsOf(referenceWallet)).toEqual(['hedera_signMessage approve']);

  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await onNetwork.mirrorBalance(referenceWallet.accountId);
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  await cart.proceedToPayment.click();
  const bought = (await (await quoted).json()) as QuoteResponse;
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  // The wallet paid, then associated the collection, each signed and executed by itself.
  expect(methodsOf(referenceWallet).slice(1)).toEqual([
    'hedera_signAndExecuteTransaction approve',
    'hedera_signAndExecuteTransaction approve',
  ]);
  const nft = (await onNetwork.nftOfName(referenceWallet.accountId, name))!;
  expect(nft.account_id).toBe(referenceWallet.accountId);
  const afterPurchase = await onNetwork.mirrorBalance(referenceWallet.accountId);
  expect(before - afterPurchase).toBe(BigInt(bought.amountTinybars) + 2n * FEE_TINYBARS);

  // Extend by a year: the wallet pays the quote, and the page shows the new expiry.
  const detail = new DomainDetailPage(page);
  await detail.goto(name);
  const expiryBefore = new Date((await detail.expiry().textContent())!);
  const extension = await detail.extendBy(1);
  expiryBefore.setFullYear(expiryBefore.getFullYear() + 1);
  await expect(detail.expiry()).toHaveText(expiryBefore.toLocaleDateString('en-US'));
  const afterExtension = await onNetwork.mirrorBalance(referenceWallet.accountId);
  expect(afterPurchase - afterExtension).toBe(BigInt(extension.amountTinybars) + FEE_TINYBARS);

  // Send it to a second account that associated the collection: the wallet signs the NFT transfer.
  const receiver = await onNetwork.otherWallets.openAccount();
  await onNetwork.otherWallets.associate(receiver, nft.token_id);
  await detail.transferTo(name, receiver.accountId);
  expect(await onNetwork.nftOfName(receiver.accountId, name)).toMatchObject({
    account_id: receiver.accountId,
    serial_number: nft.serial_number,
  });
  expect(await onNetwork.mirrorBalance(referenceWallet.accountId)).toBe(afterExtension - FEE_TINYBARS);
  const receiverCookie = await onNetwork.otherWallets.signIn(receiver);
  await expect
    .poll(async () =>
      (await onNetwork.otherWallets.domainsOf(receiverCookie)).map((domain) => domain.itemName),
    )
    .toContain(name);
  expect(
    methodsOf(referenceWallet).filter((method) => method.startsWith('hedera_signAndExecute')),
  ).toHaveLength(4);
});

test('HashPack: a reload keeps the session (the next payment needs no new pairing); the wallet ending it logs out', async ({
  page,
  referenceWallet,
  onNetwork,
}) => {
  const { search, header, extension } = await connectHashPack(page, referenceWallet);
  await page.reload();
  await expect(header.accountId).toHaveText(referenceWallet.accountId, { timeout: 30_000 });
  const { name, cart } = await checkoutNewName(page, search, unique());
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  expect(await onNetwork.holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  // One pairing for the whole visit: the wallet was asked once, and the extension was not asked again.
  expect(referenceWallet.proposals).toEqual(['approve']);
  expect(extension.filter((type) => type === 'hashconnect-connect-extension')).toHaveLength(1);

  await referenceWallet.disconnectAll();
  await expect(header.connectButton).toBeVisible({ timeout: 30_000 });
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test('HashPack: the wallet refuses the payment: the failure dialog, nothing paid, the name free again', async ({
  page,
  referenceWallet,
  onNetwork,
}) => {
  const { search } = await connectHashPack(page, referenceWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await onNetwork.mirrorBalance(referenceWallet.accountId);
  referenceWallet.onNextRequests('reject');
  await cart.proceedToPayment.click();
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Purchase of domain failed', { timeout: 30_000 });
  expect(methodsOf(referenceWallet).at(-1)).toBe('hedera_signAndExecuteTransaction reject');
  expect(await onNetwork.mirrorBalance(referenceWallet.accountId)).toBe(before);
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/domains/availability?name=${name}`);
      return ((await response.json()) as { status: number }).status;
    })
    .toBe(1);
});

test('HashPack: the wallet refuses to sign in: the dialog says so, nobody is signed in', async ({
  page,
  referenceWallet,
}) => {
  const extension = await installHashPackStandIn(page, referenceWallet);
  referenceWallet.onNextRequests('reject');
  await new SearchPage(page).goto();
  const header = new Header(page);
  await header.connectButton.click();
  await header.connectDialog.getByRole('button', { name: 'Hashpack' }).click();
  await expect(header.connectDialog.getByRole('alert')).toHaveText(
    'The wallet declined to sign in. Connect again to try once more.',
    { timeout: 30_000 },
  );
  expect(extension).toContain('hashconnect-connect-extension');
  expect(methodsOf(referenceWallet)).toEqual(['hedera_signMessage reject']);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});
