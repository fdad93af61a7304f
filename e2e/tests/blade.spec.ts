import { connectBlade, openBladeConnect } from '../pages/blade-connect';
import { checkoutNewName } from '../pages/checkout-flow';
import type { BladeStandIn } from '../wallets/blade-wallet';
import { expect, test } from '../wallets/fixtures';
import { expectNothingPaid, extendAndSend, MINTED, payAndReceive } from '../wallets/journeys';

const unique = () => `bl${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Blade knows testnet and mainnet only: its journeys run on the registry configured as on testnet.
test.use({ walletNetwork: 'testnet' });
test.describe.configure({ timeout: 150_000 });

/** What the wallet was asked, in order, beside what it answered. */
const methodsOf = (wallet: BladeStandIn) =>
  wallet.requests.map((request) => `${request.method} ${request.decision}`);
/** One transaction through blade-web3.js: the network's nodes are read, then the wallet signs and pays. */
const TRANSACTION = ['getNetwork approve', 'hedera_executeTransaction approve'];

test('Blade: the extension pairs, the wallet signs in, buys a name, extends it and sends it to a second account; each step on the ledger', async ({
  page,
  bladeWallet,
  onNetwork,
}) => {
  const { search } = await connectBlade(page, bladeWallet);
  // Signed in: the server checked Blade's signature of its one-time message with the mirror's key.
  expect(methodsOf(bladeWallet)).toEqual(['sign approve']);

  const { name, cart } = await checkoutNewName(page, search, unique());
  const accountId = bladeWallet.accountId;
  const { nft, balance } = await payAndReceive(page, onNetwork, { accountId, name, cart });
  // The wallet paid, then associated the collection: each frozen by the page, signed and executed by it.
  expect(methodsOf(bladeWallet).slice(1)).toEqual([...TRANSACTION, ...TRANSACTION]);
  await extendAndSend(page, onNetwork, { accountId, name, nft, balance });
  expect(
    methodsOf(bladeWallet).filter((method) => method === 'hedera_executeTransaction approve'),
  ).toHaveLength(4);
});

test('Blade: a reload keeps the session (the next payment needs no new pairing); the wallet ending it logs out', async ({
  page,
  bladeWallet,
  onNetwork,
}) => {
  const { search, header, extension } = await connectBlade(page, bladeWallet);
  await page.reload();
  await expect(header.accountId).toHaveText(bladeWallet.accountId, { timeout: 30_000 });
  const { name, cart } = await checkoutNewName(page, search, unique());
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  expect(await onNetwork.holderOfName(bladeWallet.accountId, name)).toBe(bladeWallet.accountId);
  // One pairing for the whole visit: the session the library kept was found again after the reload.
  expect(bladeWallet.proposals).toEqual(['approve']);
  expect(extension.filter((call) => call === 'pairWC')).toHaveLength(1);

  await bladeWallet.disconnectAll();
  await expect(header.connectButton).toBeVisible({ timeout: 30_000 });
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test('Blade: signing out from the page ends the wallet session too', async ({ page, bladeWallet }) => {
  const { header } = await connectBlade(page, bladeWallet);
  await header.logout();
  await expect.poll(() => bladeWallet.activeSessions()).toBe(0);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test('Blade: the wallet refuses the payment: the failure dialog, nothing paid, the name free again', async ({
  page,
  bladeWallet,
  onNetwork,
}) => {
  const { search } = await connectBlade(page, bladeWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await onNetwork.mirrorBalance(bladeWallet.accountId);
  bladeWallet.onNextRequests('reject');
  await cart.proceedToPayment.click();
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Purchase of domain failed', { timeout: 30_000 });
  expect(methodsOf(bladeWallet).at(-1)).toBe('hedera_executeTransaction reject');
  await expectNothingPaid(page, onNetwork, { accountId: bladeWallet.accountId, balance: before, name });
});

test('Blade: the wallet refuses to sign in: the dialog says so, nobody is signed in', async ({
  page,
  bladeWallet,
  onNetwork,
}) => {
  const before = await onNetwork.mirrorBalance(bladeWallet.accountId);
  bladeWallet.onNextRequests('reject');
  const { header, extension } = await openBladeConnect(page, bladeWallet);
  await expect(header.connectDialog.getByRole('alert')).toHaveText(
    'The wallet declined to sign in. Connect again to try once more.',
    { timeout: 30_000 },
  );
  expect(extension).toContain('pairWC');
  expect(methodsOf(bladeWallet)).toEqual(['sign reject']);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
  expect(await onNetwork.mirrorBalance(bladeWallet.accountId)).toBe(before);
});

test('Blade: the wallet is locked when the payment is asked: the failure dialog, nothing paid, still signed in', async ({
  page,
  bladeWallet,
  onNetwork,
}) => {
  const { search, header } = await connectBlade(page, bladeWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await onNetwork.mirrorBalance(bladeWallet.accountId);
  await bladeWallet.lock();
  await cart.proceedToPayment.click();
  // blade-web3.js gives up once the wallet's session stops answering its ping.
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Purchase of domain failed', { timeout: 30_000 });
  expect(await onNetwork.mirrorBalance(bladeWallet.accountId)).toBe(before);
  expect(await onNetwork.holderOfName(bladeWallet.accountId, name)).toBeNull();
  // The request may still reach the wallet once it is unlocked: the quote holds the name until it lapses,
  // and the ledger watcher settles a payment made meanwhile.
  expect((await page.request.get('/api/auth/session')).status()).toBe(200);
  await expect(header.accountId).toHaveText(bladeWallet.accountId);
});
