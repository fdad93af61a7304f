import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

// The page is server HTML: it must read the same with JavaScript off.
test.use({ javaScriptEnabled: false });

test("a name's public page works without JavaScript, shows its records as text and keeps hostile ones inert", async ({
  page,
  ledger,
  account,
  makeDomain,
}) => {
  const name = await makeDomain({ subscribed: true });
  const cookie = await ledger.signIn(account);
  // A record value is anyone's input: this one tries to close the link and open a script.
  const hostile = 'https://evil.example/"><script>document.title="owned"</script>';
  await ledger.setSiteAddress(account, cookie, name, hostile);
  await ledger.setRecord(account, cookie, name, 'twitter', 'https://x.com/hedera');
  await ledger.setPrimaryName(cookie, name);

  const response = await page.goto(`/n/${name}`);
  expect(response!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveTitle(`${name} · Hedera Domains`);
  await expect(page.locator('script')).toHaveCount(0);
  const siteLink = page.getByRole('link', { name: hostile });
  await expect(siteLink).toHaveAttribute('rel', 'noopener nofollow ugc');
  expect(new URL((await siteLink.getAttribute('href'))!).hostname).toBe('evil.example');
  await expect(page.getByRole('link', { name: 'X (Twitter)' })).toHaveAttribute(
    'href',
    'https://x.com/hedera',
  );
  await expect(page.getByText(`${name} (${account.accountId})`)).toBeVisible();
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', name);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    new RegExp(`/profile/dp/${account.accountId.replaceAll('.', '\\.')}\\.dp$`),
  );

  // A name nobody holds: 404 and the way to search for it.
  const unknown = await page.goto(`/n/nobody${Date.now().toString(36)}.hbar`);
  expect(unknown!.status()).toBe(404);
  await expect(page.getByRole('link', { name: 'Search for it' })).toHaveAttribute(
    'href',
    '/gui/domains/web3',
  );
});

test.describe('from the resolver page', () => {
  test.use({ javaScriptEnabled: true });

  test('a name without an address to go to links to its public page', async ({ page, makeDomain }) => {
    const name = await makeDomain();
    await page.goto('/resolver');
    const box = page.getByRole('textbox', { name: 'Domain name' });
    await box.fill(name);
    await box.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Web 2.0 URL Page is not setted.');
    await page.getByRole('link', { name: `See the public page of ${name}` }).click();
    await expect(page).toHaveURL(`/n/${name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });
});
