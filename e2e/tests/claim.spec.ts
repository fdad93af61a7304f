import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { ClaimPage } from '../pages/claim-page';

const unique = () => `claim${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an eligible wallet claims a .blade name through the paid flow and lands on Pending; it is then delivered', async ({
  page,
  ledger,
  account,
  login,
}) => {
  await ledger.giveClaimPass(account);
  const claim = new ClaimPage(page);
  await claim.goto();
  await login();
  await expect(claim.tld).toHaveValue('blade');
  const label = unique();
  // With the Local Wallet the whole claim takes about 200 ms: the page itself notes the progress dialog.
  await page.evaluate(() => {
    const seen = window as unknown as { claimProgressSeen?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('[role="dialog"] [aria-label="Claim progress"]'))
        seen.claimProgressSeen = true;
    }).observe(document.body, { subtree: true, childList: true });
  });
  await claim.claim(label);
  await expect(page).toHaveURL(/\/gui\/nbsafhukfhus$/, { timeout: 20_000 });
  expect(
    await page.evaluate(() => (window as unknown as { claimProgressSeen?: boolean }).claimProgressSeen),
  ).toBe(true);
  await expect(page.getByRole('heading', { name: 'Pending Domain Transactions' })).toBeVisible();

  const cookie = await ledger.signIn(account);
  await expect
    .poll(async () => (await ledger.domainsOf(cookie)).find((domain) => domain.itemName === `${label}.blade`))
    .toMatchObject({ itemName: `${label}.blade` });

  // The reward is spent: a second claim is refused.
  await claim.goto();
  await claim.claim(unique());
  await expect(claim.refusal).toContainText('Reward already claimed');
});

test('a wallet without the claim pass is not eligible', async ({ page, login }) => {
  const claim = new ClaimPage(page);
  await claim.goto();
  await login();
  await claim.claim(unique());
  await expect(claim.refusal).toContainText('This Wallet is not eligible for claiming');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});

test('without a wallet the page asks to connect one', async ({ page, header }) => {
  const claim = new ClaimPage(page);
  await claim.goto();
  await claim.claim(unique());
  await expect(claim.refusal).toContainText('Please Connect Wallet');
  await claim.refusal.getByRole('button', { name: 'Connect Wallet' }).click();
  await expect(header.connectDialog).toBeVisible();
});

test('a holder without price + 0.2 HBAR sees the Minimum Balance alert', async ({
  page,
  ledger,
  account,
  login,
}) => {
  await ledger.giveClaimPass(account);
  await ledger.spendDownTo(account, 5);
  const claim = new ClaimPage(page);
  await claim.goto();
  await login();
  await claim.claim(unique());
  const alert = claim.dialog('Minimum Balance');
  await expect(alert).toContainText('Wallet must have at least 200.20 HBAR');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(alert).toHaveCount(0);
});
