import type { Locator, Page } from '@playwright/test';

/** The public resolver page of the resolver remote. */
export class ResolverPage {
  readonly input: Locator;
  readonly go: Locator;
  readonly message: Locator;

  constructor(private readonly page: Page) {
    this.input = page.getByRole('textbox', { name: 'Domain name' });
    this.go = page.getByRole('button', { name: 'Go' });
    this.message = page.locator('[data-page="resolver"]').getByRole('alert');
  }

  async goto(path = '/resolver') {
    await this.page.goto(path);
    await this.input.waitFor();
  }

  async resolve(name: string) {
    await this.input.fill(name);
    await this.input.press('Enter');
  }
}
