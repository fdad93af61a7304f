import { expect, test } from '../fixtures';
import { SearchPage } from '../pages/search-page';

const POPUP = 'Products has been updated to cart. You can view the cart and checkout from here';

for (const viewport of [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a desktop', width: 1280, height: 800 },
]) {
  test(`on ${viewport.name} the cart note never covers the header: Logout works while it is open`, async ({
    page,
    login,
    header,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const search = new SearchPage(page);
    await search.goto();
    await login();
    const label = `pop${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    await search.search(label);
    await search.addToCart(`${label}.hbar`).click();
    await expect(page.getByText(POPUP)).toBeVisible();

    // The header's account control is what a pointer reaches at its centre, not the note.
    const reachable = await header.accountId.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    });
    expect(reachable).toBe(true);

    await header.openAccountMenu();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    // The menu stacks above the note: its Logout item is what a click lands on.
    const onTop = await logout.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && element.contains(top);
    });
    expect(onTop).toBe(true);
    await logout.click();
    await expect(header.connectButton).toBeVisible();
  });
}
