import type { Locator, Page } from '@playwright/test';

/** The search page of the search remote. */
export class SearchPage {
  readonly input: Locator;
  readonly tld: Locator;
  readonly searchButton: Locator;
  readonly error: Locator;
  readonly priceHbar: Locator;
  readonly priceUsd: Locator;
  readonly openCart: Locator;

  constructor(private readonly page: Page) {
    this.input = page.getByRole('textbox', { name: 'Domain name' });
    this.tld = page.getByRole('combobox', { name: 'Top-level domain' });
    this.searchButton = page.getByRole('button', { name: 'Search', exact: true });
    this.error = page.locator('[data-page="search"]').getByRole('alert');
    this.priceHbar = page.getByTestId('price-hbar');
    this.priceUsd = page.getByTestId('price-usd');
    this.openCart = page.getByRole('button', { name: 'Open Cart' });
  }

  async goto(origin = '') {
    await this.page.goto(`${origin}/gui/domains/web3`);
    await this.input.waitFor();
  }

  /** Types a name and presses Enter, as a user does. */
  async search(text: string, tld?: string) {
    if (tld) await this.tld.selectOption(tld);
    await this.input.fill(text);
    await this.input.press('Enter');
  }

  result(name: string) {
    return this.page.getByRole('region', { name: `Result for ${name}` });
  }

  /** The suggestions card: its table and its donut. */
  suggestions(name: string) {
    return {
      table: this.page.getByRole('table', { name: `Suggestions for ${name}` }),
      donut: this.page.getByRole('img', { name: /^Closest suggestions: / }),
    };
  }

  addToCart(name: string) {
    return this.page.getByRole('button', { name: `Add ${name} to cart` });
  }
}
