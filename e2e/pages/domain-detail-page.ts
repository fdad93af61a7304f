import type { Locator, Page } from '@playwright/test';

/** The domain detail page of the my-domains remote. */
export class DomainDetailPage {
  readonly card: Locator;

  constructor(private readonly page: Page) {
    this.card = page.locator('[data-page="domain-detail"] .domain-detail');
  }

  async goto(name: string) {
    await this.page.goto(`/gui/domain/web3/detail?domain=${name}`);
    await this.card.waitFor();
  }

  row(label: string) {
    return this.card
      .locator('.domain-detail__row')
      .filter({ has: this.page.locator('dt', { hasText: label }) });
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }
}
