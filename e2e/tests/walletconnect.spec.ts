import { normaliseTransactionId } from '@registry/contracts/hedera-ids';
import type { QuoteResponse } from '@registry/contracts/orders';
import { checkoutNewName, payAndCloseBeforeConfirm } from '../pages/checkout-flow';
import { DomainDetailPage } from '../pages/domain-detail-page';
import { openPaired, scanPairingCode } from '../pages/walletconnect-pairing';
import type { ReferenceWallet } from '../wallets/reference-wallet';
import {
  expect,
  holderOfName,
  mirrorBalance,
  mirrorTransactions,
  nftOfName,
  otherWallets,
  test,
} from '../wallets/fixtures';

const MINTED = 'Congratulation! Your domain(s) has been minted';
/** What every transaction costs on the local network (0.001 HBAR). */
const FEE_TINYBARS = 100_000n;
const unique = () => `wc${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

// Each journey pairs, signs and pays through the relay and the local network.
test.describe.configure({ timeout: 120_000 });

const methodsOf = (wallet: ReferenceWallet) =>
  wallet.requests.map((request) => `${request.method} ${request.decision}`);

test('WalletConnect: pairs with the reference wallet, signs in, buys a name the wallet pays for and associates; delivered', async ({
  page,
  referenceWallet,
}) => {
  const { search } = await openPaired(page, referenceWallet);
  // Signed in: the server checked the wallet's HIP-820 signature of its one-time message.
  expect(methodsOf(referenceWallet)).toEqual(['hedera_signMessage approve']);

  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await mirrorBalance(referenceWallet.accountId);
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  await cart.proceedToPayment.click();
  const { amountTinybars } = (await (await quoted).json()) as { amountTinybars: string };
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });

  // The wallet paid, then associated the collection, each signed and executed by itself.
  expect(methodsOf(referenceWallet).slice(1)).toEqual([
    'hedera_signAndExecuteTransaction approve',
    'hedera_signAndExecuteTransaction approve',
  ]);
  expect(await holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  const after = await mirrorBalance(referenceWallet.accountId);
  expect(before - after).toBe(BigInt(amountTinybars) + 2n * FEE_TINYBARS);
});

test('WalletConnect: the wallet refuses the payment: the failure dialog, nothing paid, the name free again', async ({
  page,
  referenceWallet,
}) => {
  const { search } = await openPaired(page, referenceWallet);

  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await mirrorBalance(referenceWallet.accountId);
  referenceWallet.onNextRequests('reject');
  await cart.proceedToPayment.click();
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Something went wrong');
  await expect(payment.getByRole('alert')).toContainText('Purchase of domain failed');
  expect(methodsOf(referenceWallet).at(-1)).toBe('hedera_signAndExecuteTransaction reject');
  expect(await mirrorBalance(referenceWallet.accountId)).toBe(before);
  // The quote was withdrawn: anyone may buy the name now.
  await expect
    .poll(async () => {
      const response = await fetch(new URL(`/api/domains/availability?name=${name}`, page.url()));
      return ((await response.json()) as { status: number }).status;
    })
    .toBe(1);
});

test('WalletConnect: a reload keeps the pairing (the next payment needs no new one); the wallet ending it logs out', async ({
  page,
  relay,
  referenceWallet,
}) => {
  const { search, header } = await openPaired(page, referenceWallet);

  await page.reload();
  await expect(header.accountId).toHaveText(referenceWallet.accountId);
  const { name, cart } = await checkoutNewName(page, search, unique());
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  expect(await holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  // One pairing for the whole visit.
  expect(relay.calls.filter((method) => method === 'wc_proposeSession')).toHaveLength(1);

  await referenceWallet.disconnectAll();
  await expect(header.connectButton).toBeVisible({ timeout: 30_000 });
  const session = await page.request.get('/api/auth/session');
  expect(session.status()).toBe(401);
});

test('WalletConnect: the wallet switches to another account: refused before any payment, and paid once it switches back', async ({
  page,
  referenceWallet,
}) => {
  const { search, header } = await openPaired(page, referenceWallet);
  const signedIn = referenceWallet.accountId;
  const signedInKey = referenceWallet.privateKeyDer;
  const other = await otherWallets.openAccount();
  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = { signedIn: await mirrorBalance(signedIn), other: await mirrorBalance(other.accountId) };

  await referenceWallet.switchAccount(other.accountId, other.privateKey.toStringDer());
  const requestsBefore = referenceWallet.requests.length;
  await cart.proceedToPayment.click();
  const refusal = `Your wallet switched to ${other.accountId}; you signed in as ${signedIn}. Nothing was paid: switch it back or connect again.`;
  const payment = cart.dialog('Payment');
  await expect(payment.getByRole('alert')).toContainText('Wallet account changed');
  await expect(payment.getByRole('alert')).toContainText(refusal);
  // Nothing was asked of the wallet, nothing quoted or paid, and the session stays.
  expect(referenceWallet.requests).toHaveLength(requestsBefore);
  expect(await mirrorBalance(signedIn)).toBe(before.signedIn);
  expect(await mirrorBalance(other.accountId)).toBe(before.other);
  const availability = await fetch(new URL(`/api/domains/availability?name=${name}`, page.url()));
  expect(((await availability.json()) as { status: number }).status).toBe(1);
  await expect(header.accountId).toHaveText(signedIn);

  // Back on the signed-in account, the same cart is paid by it.
  await referenceWallet.switchAccount(signedIn, signedInKey);
  await page.keyboard.press('Escape');
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  expect(await holderOfName(signedIn, name)).toBe(signedIn);
  expect(await mirrorBalance(other.accountId)).toBe(before.other);
});

test('WalletConnect: the wallet refuses to sign in: the dialog says so, nobody is signed in', async ({
  page,
  referenceWallet,
}) => {
  referenceWallet.onNextRequests('reject');
  const header = await scanPairingCode(page, referenceWallet);
  await expect(header.connectDialog.getByRole('alert')).toHaveText(
    'The wallet declined to sign in. Connect again to try once more.',
    { timeout: 30_000 },
  );
  expect(methodsOf(referenceWallet)).toEqual(['hedera_signMessage reject']);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);
});

test.describe('a wallet set to another network', () => {
  test.use({ walletChain: 'hedera:mainnet' });

  test('WalletConnect: the wallet offers its account on mainnet: refused with the reason, nothing asked of it, nobody signed in', async ({
    page,
    referenceWallet,
  }) => {
    const header = await scanPairingCode(page, referenceWallet);
    const notice = header.connectDialog.getByRole('alert');
    await expect(notice).toContainText(
      `The wallet offered hedera:mainnet:${referenceWallet.accountId}; this registry runs on hedera:devnet.`,
      { timeout: 30_000 },
    );
    await expect(notice).toContainText('connect again');
    expect(referenceWallet.requests).toEqual([]);
    expect((await page.request.get('/api/auth/session')).status()).toBe(401);
    // The dialog stays, with the reason, for the buyer to switch the wallet and connect again.
    await expect(header.connectDialog).toBeVisible();
  });
});

test('WalletConnect: the wallet pays and the page closes before it confirms: the ledger watcher delivers the name', async ({
  page,
  referenceWallet,
}) => {
  // A returning buyer: a first name associated the .hbar collection with the wallet's account.
  const { search } = await openPaired(page, referenceWallet);
  const first = await checkoutNewName(page, search, unique());
  await first.cart.proceedToPayment.click();
  await expect(first.cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });

  await search.goto();
  const { name, cart } = await checkoutNewName(page, search, unique());
  await payAndCloseBeforeConfirm(page, cart);

  // No page is open: the server finds the payment on the mirror, mints and delivers to the wallet.
  await expect
    .poll(() => holderOfName(referenceWallet.accountId, name), { timeout: 60_000 })
    .toBe(referenceWallet.accountId);
  expect(
    methodsOf(referenceWallet).filter((method) => method.startsWith('hedera_signAndExecute')),
  ).toHaveLength(3);
});

test('WalletConnect: a name bought is extended and sent to a second account, the wallet paying and signing each', async ({
  page,
  referenceWallet,
}) => {
  const { search } = await openPaired(page, referenceWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  const nft = (await nftOfName(referenceWallet.accountId, name))!;
  expect(nft.account_id).toBe(referenceWallet.accountId);

  const detail = new DomainDetailPage(page);
  await detail.goto(name);
  const expiryBefore = new Date((await detail.expiry().textContent())!);
  const before = await mirrorBalance(referenceWallet.accountId);
  const extension = await detail.extendBy(2);
  expiryBefore.setFullYear(expiryBefore.getFullYear() + 2);
  await expect(detail.expiry()).toHaveText(expiryBefore.toLocaleDateString('en-US'));
  const afterExtension = await mirrorBalance(referenceWallet.accountId);
  expect(before - afterExtension).toBe(BigInt(extension.amountTinybars) + FEE_TINYBARS);

  // The receiver's wallet has associated the collection, as it must to receive the NFT.
  const receiver = await otherWallets.openAccount();
  await otherWallets.associate(receiver, nft.token_id);
  await detail.transferTo(name, receiver.accountId);

  // The wallet signed and sent the NFT over gRPC; the ledger and then the registry say who holds it.
  expect(methodsOf(referenceWallet).at(-1)).toBe('hedera_signAndExecuteTransaction approve');
  expect(await nftOfName(receiver.accountId, name)).toMatchObject({
    account_id: receiver.accountId,
    serial_number: nft.serial_number,
  });
  expect(await holderOfName(referenceWallet.accountId, name)).toBeNull();
  expect(await mirrorBalance(referenceWallet.accountId)).toBe(afterExtension - FEE_TINYBARS);
  const receiverCookie = await otherWallets.signIn(receiver);
  await expect
    .poll(async () => (await otherWallets.domainsOf(receiverCookie)).map((domain) => domain.itemName))
    .toContain(name);
});

test('WalletConnect: the wallet pays but refuses the association: the name waits on Pending, delivered once accepted', async ({
  page,
  referenceWallet,
}) => {
  const { search } = await openPaired(page, referenceWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());
  const before = await mirrorBalance(referenceWallet.accountId);
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  referenceWallet.onNextRequests('approve', 'reject');
  await cart.proceedToPayment.click();
  const { amountTinybars } = (await (await quoted).json()) as { amountTinybars: string };
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/gui\/nbsafhukfhus$/, { timeout: 15_000 });
  await expect(page.getByText('Very soon your booked domain will be transferd to your wallet')).toBeVisible();
  const pending = page.getByRole('table', { name: 'Pending Domain Transactions' });
  await expect(pending).toContainText(name);
  // Paid, and nothing else: the refused association cost nothing, and the name is no one's NFT yet.
  expect(methodsOf(referenceWallet).slice(-2)).toEqual([
    'hedera_signAndExecuteTransaction approve',
    'hedera_signAndExecuteTransaction reject',
  ]);
  expect(before - (await mirrorBalance(referenceWallet.accountId))).toBe(
    BigInt(amountTinybars) + FEE_TINYBARS,
  );
  expect(await holderOfName(referenceWallet.accountId, name)).toBeNull();

  await page.getByRole('button', { name: 'Accept delivery in my wallet' }).click();
  await expect(page.getByText(`Delivered: ${name}`)).toBeVisible({ timeout: 30_000 });
  expect(await holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  expect(before - (await mirrorBalance(referenceWallet.accountId))).toBe(
    BigInt(amountTinybars) + 2n * FEE_TINYBARS,
  );
});

test('WalletConnect: the quote lapses while the wallet waits and someone else buys the name: Alert, and the payment comes back', async ({
  page,
  referenceWallet,
}) => {
  const { search } = await openPaired(page, referenceWallet);
  const { name, cart } = await checkoutNewName(page, search, unique());

  // The buyer leaves the payment on the wallet's screen past the quote's lifetime (QUOTE_TTL_MS)…
  const held = referenceWallet.holdNextRequest();
  const quoted = page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
  await cart.proceedToPayment.click();
  const quote = (await (await quoted).json()) as QuoteResponse;
  await held.arrived;
  await page.waitForTimeout(Math.max(0, Date.parse(quote.expiresAt) - Date.now()) + 1000);

  // …someone else buys the name meanwhile…
  const rival = await otherWallets.openAccount();
  const rivalCookie = await otherWallets.signIn(rival);
  const rivalOrder = await otherWallets.purchase(rival, rivalCookie, {
    kind: 'domains',
    items: [{ itemName: name, months: 12, isWebProtectionOn: false }],
  });
  // Paid and theirs (1: delivered once their wallet associates the collection).
  expect(rivalOrder.resData).toEqual([{ itemName: name, status: 1 }]);

  // …and then approves: the payment lands on a lapsed quote whose name is gone.
  const before = await mirrorBalance(referenceWallet.accountId);
  const confirmed = page.waitForRequest((request) => request.url().endsWith('/api/orders/confirm'));
  held.answer('approve');
  const { transactionId } = (await confirmed).postDataJSON() as { transactionId: string };
  const alert = cart.dialog('Alert');
  // The confirm waits for the refund's job as it answers: a loaded machine takes longer than a quiet one.
  await expect(alert).toContainText(
    'Someone else purchased few domains in your cart before your payment, so go back and proceed to checkout',
    { timeout: 60_000 },
  );

  // The registry sent the payment back whole over gRPC: the buyer is short only the transfer's fee.
  await expect
    .poll(() => mirrorBalance(referenceWallet.accountId), { timeout: 60_000 })
    .toBe(before - FEE_TINYBARS);
  const refunds = (await mirrorTransactions(referenceWallet.accountId)).filter(
    (transaction) => transaction.memo === `refund ${normaliseTransactionId(transactionId)}`,
  );
  expect(refunds).toHaveLength(1);
  expect(refunds[0]!.credited).toBe(BigInt(quote.amountTinybars));

  await alert.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/gui\/cart$/);
  await expect(cart.item(name).getByRole('img', { name: 'Sold out' })).toBeVisible();
});
