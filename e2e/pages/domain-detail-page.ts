import { expect, type Locator, type Page } from '@playwright/test';
import type { QuoteResponse } from '@registry/contracts/orders';

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

  expiry() {
    return this.row('Expires').locator('.domain-detail__value');
  }

  /** Extend Validity by `years`, paid by the wallet; answers the quote it paid once the dialog says Done. */
  async extendBy(years: number): Promise<QuoteResponse> {
    await this.row('Expires').getByRole('button', { name: 'Extend Validity' }).click();
    const extend = this.dialog('Extend Validity');
    await extend.getByLabel('Extend by').selectOption(String(years));
    const quoted = this.page.waitForResponse((response) => response.url().endsWith('/api/orders/quote'));
    await extend.getByRole('button', { name: 'Extend' }).click();
    const quote = (await (await quoted).json()) as QuoteResponse;
    await expect(extend.getByRole('status')).toHaveText('Done.', { timeout: 60_000 });
    await extend.getByRole('button', { name: 'Close' }).click();
    return quote;
  }

  /** Transfer the name's NFT to `accountId` (the wallet signs); waits until the dialog says it was sent. */
  async transferTo(name: string, accountId: string) {
    await this.row('NFT').getByRole('button', { name: 'Transfer' }).click();
    const transfer = this.dialog(`Transfer ${name}`);
    await transfer.getByLabel('Receiver: a name or an account id').fill(accountId);
    await transfer.getByRole('button', { name: 'Send domain' }).click();
    await expect(transfer.getByRole('status')).toHaveText(
      `Sent. ${name} now belongs to ${accountId}; its records go with it.`,
      { timeout: 30_000 },
    );
  }
}
