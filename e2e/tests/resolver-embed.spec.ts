import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { serveEmbedDemo } from '@registry/embed-demo/serve-demo';
import { expect, test } from '../fixtures';

const KB = 1024;
const EMBED_BUDGET_KB = 60;

let demo: Awaited<ReturnType<typeof serveEmbedDemo>>;
test.beforeAll(async ({ baseURL }) => {
  demo = await serveEmbedDemo(baseURL!);
});
test.afterAll(() => demo.close());

test('a page on another origin resolves names with one script and one element, and loads nothing else', async ({
  page,
  ledger,
  account,
  makeDomain,
  baseURL,
}) => {
  const name = await makeDomain({ subscribed: true });
  const target = `${baseURL!.replace('localhost', '127.0.0.1')}/gui/claim`;
  const cookie = await ledger.signIn(account);
  await ledger.setSiteAddress(account, cookie, name, target);
  const unset = await makeDomain();

  const requests: { url: string; type: string; body: Promise<Buffer | null> }[] = [];
  page.on('response', (response) => {
    requests.push({
      url: response.url(),
      type: response.request().resourceType(),
      body: response.body().catch(() => null),
    });
  });
  await page.goto(demo.url);
  const embed = page.locator('hedera-resolver');
  await expect(embed.getByRole('heading', { name: 'Resolve Hedera Domains' })).toBeVisible();
  await expect(embed.getByRole('textbox', { name: 'Domain name' })).toHaveAttribute('maxlength', '62');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  const box = embed.getByRole('textbox', { name: 'Domain name' });
  const message = embed.getByRole('alert');
  await box.fill('al!ce.hbar');
  await box.press('Enter');
  await expect(message).toHaveText('Special characters are not allowed');
  await box.fill(unset);
  await embed.getByRole('button', { name: 'Go' }).click();
  await expect(message).toHaveText('Web 2.0 URL Page is not setted.');

  // Everything the demo loaded before leaving: its own page, the one script, the resolver answers.
  const loaded = requests.map(({ url, type }) => ({
    path: new URL(url).pathname,
    origin: new URL(url).origin,
    type,
  }));
  const product = new URL(baseURL!).origin;
  expect(loaded.filter((each) => each.origin === product).map((each) => each.path)).toEqual([
    '/embed/resolver.js',
    `/api/resolve/${unset}`,
  ]);
  const scripts = requests.filter((each) => each.type === 'script');
  expect(scripts.map((each) => new URL(each.url).pathname)).toEqual(['/embed/resolver.js']);
  const gzipBytes = gzipSync((await scripts[0]!.body)!, { level: 9 }).length;
  console.log(`resolver embed: ${(gzipBytes / KB).toFixed(1)} KB gzip`);
  expect(gzipBytes).toBeLessThanOrEqual(EMBED_BUDGET_KB * KB);

  await box.fill(name);
  await box.press('Enter');
  await expect(page).toHaveURL(target);

  // An account id stands for its primary name: none yet, then the name its holder chose.
  await page.goto(demo.url);
  await box.fill(account.accountId);
  await box.press('Enter');
  await expect(message).toHaveText('This account has no primary name.');
  await ledger.setPrimaryName(cookie, name);
  await box.fill(account.accountId);
  await box.press('Enter');
  await expect(page).toHaveURL(target);
});
