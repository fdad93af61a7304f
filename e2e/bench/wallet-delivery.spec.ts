import { appendFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test as localWalletTest, expect } from '../fixtures';
import { connectBlade } from '../pages/blade-connect';
import { checkoutNewName } from '../pages/checkout-flow';
import type { CartPage } from '../pages/cart-page';
import { Header } from '../pages/header';
import { SearchPage } from '../pages/search-page';
import { openPaired } from '../pages/walletconnect-pairing';
import { holderOfName, test as walletConnectTest } from '../wallets/fixtures';

/**
 * Pay → delivered as a buyer sees it, through each wallet: from the click on "Proceed to payment"
 * (the wallet signs and pays) to the minted dialog (the server has verified the payment on the ledger,
 * minted the name and delivered its NFT). The first purchase of each wallet also associates the
 * collection and is left out; the next ones are timed. Each journey appends its times as a JSON line
 * to WALLET_BENCH_OUT.
 */
const MINTED = 'Congratulation! Your domain(s) has been minted';
const TIMED_PURCHASES = Number(process.env.WALLET_BENCH_PURCHASES ?? 8);
const unique = () => `wb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function timedPurchases(
  page: Page,
  wallet: string,
  ledger: string,
  check: (name: string) => Promise<void>,
) {
  const search = new SearchPage(page);
  const deliveredMs: number[] = [];
  for (let purchase = 0; purchase <= TIMED_PURCHASES; purchase += 1) {
    await search.goto();
    const { name, cart } = await checkoutNewName(page, search, unique());
    const elapsed = await payAndWaitForMinted(cart);
    if (purchase > 0) deliveredMs.push(elapsed);
    // The checkout empties the cart once the dialog closes and moves on to the name's page.
    await expect(page).toHaveURL(/\/gui\/domain\/web3\/detail/, { timeout: 15_000 });
    await expect(new Header(page).cartDot).toHaveCount(0);
    await check(name);
  }
  const line = JSON.stringify({ wallet, ledger, deliveredMs });
  if (process.env.WALLET_BENCH_OUT) appendFileSync(process.env.WALLET_BENCH_OUT, `${line}\n`);
  console.log(line);
}

/** Milliseconds from the payment click to the minted dialog. */
async function payAndWaitForMinted(cart: CartPage) {
  const started = performance.now();
  await cart.proceedToPayment.click();
  await expect(cart.dialog(MINTED)).toBeVisible({ timeout: 60_000 });
  return Math.round(performance.now() - started);
}

localWalletTest.describe.configure({ timeout: 300_000 });

localWalletTest('Local Wallet: pay → delivered', async ({ page, login, ledger, account }) => {
  await new SearchPage(page).goto();
  await login();
  const cookie = await ledger.signIn(account);
  await timedPurchases(page, 'Local Wallet', 'embedded local ledger (HTTP)', async (name) => {
    expect(await ledger.domainsOf(cookie)).toContainEqual(
      expect.objectContaining({ itemName: name, status: 22 }),
    );
  });
});

walletConnectTest('WalletConnect, reference wallet: pay → delivered', async ({ page, referenceWallet }) => {
  await openPaired(page, referenceWallet);
  await timedPurchases(page, 'WalletConnect (reference wallet)', 'npx local-ledger (gRPC)', async (name) => {
    expect(await holderOfName(referenceWallet.accountId, name)).toBe(referenceWallet.accountId);
  });
});

walletConnectTest.describe(() => {
  // Blade knows testnet and mainnet only: the registry configured as on testnet, on its own local network.
  walletConnectTest.use({ walletNetwork: 'testnet' });
  walletConnectTest(
    'Blade (blade-web3.js, Blade stand-in): pay → delivered',
    async ({ page, bladeWallet, onNetwork }) => {
      await connectBlade(page, bladeWallet);
      await timedPurchases(
        page,
        'Blade (Blade stand-in)',
        'npx local-ledger, 7 nodes (gRPC)',
        async (name) => {
          expect(await onNetwork.holderOfName(bladeWallet.accountId, name)).toBe(bladeWallet.accountId);
        },
      );
    },
  );
});
