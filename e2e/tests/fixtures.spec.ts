import { expect, test } from '../fixtures';

test('makeDomain buys through the API and the ledger; login connects the same account in the page', async ({
  page,
  account,
  header,
  login,
  makeDomain,
}) => {
  const owned = await makeDomain();
  const pending = await makeDomain({ tld: 'blade', pending: true });

  await page.goto('/gui/domains/web3');
  await login();
  const lists = await page.evaluate(async () => ({
    mine: (await (await fetch('/api/my/domains')).json()) as {
      domains: { itemName: string; status: number }[];
    },
    pending: (await (await fetch('/api/my/pending-domains')).json()) as { domains: { itemName: string }[] },
  }));
  expect(lists.mine.domains).toEqual([expect.objectContaining({ itemName: owned, status: 22 })]);
  expect(lists.pending.domains.map((domain) => domain.itemName)).toEqual([pending]);

  // 10,000 HBAR from the faucet, less two 200 HBAR domains (10 USD at 0.05) and their network fees.
  await header.openAccountMenu();
  await expect(header.balance).toHaveText(/^9[56]\d\d\.\d\d HBAR$/);
  expect(account.accountId).toMatch(/^0\.0\.\d+$/);
});
