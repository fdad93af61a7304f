import type { Locator, Page } from '@playwright/test';

/** The claim page of the search remote. */
export class ClaimPage {
  readonly input: Locator;
  readonly tld: Locator;
  readonly claimButton: Locator;
  readonly refusal: Locator;

  constructor(private readonly page: Page) {
    this.input = page.getByRole('textbox', { name: 'Domain name' });
    this.tld = page.getByRole('combobox', { name: 'Top-level domain' });
    this.claimButton = page.getByRole('button', { name: 'Claim Domain', exact: true });
    this.refusal = page.locator('[data-page="claim"]').getByRole('alert');
  }

  async goto() {
    await this.page.goto('/gui/claim');
    await this.input.waitFor();
  }

  async claim(label: string) {
    await this.input.fill(label);
    await this.claimButton.click();
  }

  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name });
  }
}
