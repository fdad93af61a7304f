import type { Page } from '@playwright/test';
import { checkoutNewName } from '../pages/checkout-flow';
import { Header } from '../pages/header';
import { SearchPage } from '../pages/search-page';
import { installHashPackStandIn } from '../wallets/extension-stand-ins';
import type { ReferenceWallet } from '../wallets/reference-wallet';
import { expect, test } from '../wallets/fixtures';
import { expectNothingPaid, extendAndSend, MINTED, payAndReceive } from '../wallets/journeys';

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
  const accountId = referenceWallet.accountId;
  const { nft, balance } = await payAndReceive(page, onNetwork, { accountId, name, cart });
  // The wallet paid, then associated the collection, each signed and executed by itself.
  expect(methodsOf(referenceWallet).slice(1)).toEqual([
    'hedera_signAndExecuteTransaction approve',
    'hedera_signAndExecuteTransaction approve',
  ]);
  await extendAndSend(page, onNetwork, { accountId, name, nft, balance });
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
  await expectNothingPaid(page, onNetwork, { accountId: referenceWallet.accountId, balance: before, name });
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
