import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';
import { ResolverPage } from '../pages/resolver-page';

test('a name whose web2 address is set and active takes the browser there', async ({
  page,
  ledger,
  account,
  makeDomain,
  baseURL,
}) => {
  const name = await makeDomain({ subscribed: true });
  const cookie = await ledger.signIn(account);
  // A page this server serves, on its IPv4 address (record addresses need a host with a dot).
  const target = `${baseURL!.replace('localhost', '127.0.0.1')}/gui/claim`;
  // The HTTP gateway, as a plain client (no JavaScript) sees it, before and right after the change.
  const gateway = () => fetch(`${baseURL}/r/${name}`, { redirect: 'manual' });
  const before = await gateway();
  expect(before.status).toBe(200);
  expect(await before.text()).toContain('Web 2.0 URL Page is not setted.');
  await ledger.setSiteAddress(account, cookie, name, target);
  const after = await gateway();
  expect(after.status).toBe(302);
  expect(after.headers.get('location')).toBe(target);

  const resolver = new ResolverPage(page);
  await resolver.goto();
  await resolver.resolve(name);
  await expect(page).toHaveURL(target);
});

test('an address not yet active, an unregistered name and the box rules each say so', async ({
  page,
  makeDomain,
}) => {
  const fresh = await makeDomain();
  const resolver = new ResolverPage(page);
  await resolver.goto('/w3/resolver');
  await expect(resolver.input).toHaveAttribute('maxlength', '62');

  await resolver.resolve(fresh);
  await expect(resolver.message).toHaveText('Web 2.0 URL Page is not setted.');
  await resolver.resolve(`nobody${Date.now().toString(36)}.hbar`);
  await expect(resolver.message).toHaveText('Web 2.0 URL Page is not setted!');
  await resolver.resolve('al!ce.hbar');
  await expect(resolver.message).toHaveText('Special characters are not allowed');
  await resolver.input.fill('ab');
  await resolver.go.click();
  await expect(resolver.message).toHaveText('Domain name length must be atleast 3 characters');

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
});
