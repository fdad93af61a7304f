import { expect, type Locator, type Page } from '@playwright/test';

/** The shell's header: rate line, account menu and cart icon. */
export class Header {
  readonly rateLine: Locator;
  readonly connectButton: Locator;
  readonly accountId: Locator;
  readonly balance: Locator;
  readonly cartDot: Locator;
  readonly connectDialog: Locator;

  constructor(private readonly page: Page) {
    this.rateLine = page.getByTestId('rate-line');
    this.connectButton = page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' });
    this.accountId = page.getByTestId('account-id');
    this.balance = page.getByTestId('wallet-balance');
    this.cartDot = page.getByTestId('cart-active-dot');
    this.connectDialog = page.getByRole('dialog', { name: 'Connect Wallet' });
  }

  /** Connect Wallet → Local Wallet, and wait until the account shows. */
  async connectLocalWallet() {
    await this.connectButton.click();
    await this.connectDialog.getByRole('button', { name: 'Local Wallet' }).click();
    await this.waitForAccount();
  }

  /** The account menu is ready (its code loads once a wallet is paired): the id, or the primary name. */
  async waitForAccount() {
    await expect(this.accountId).toHaveText(/^(0\.0\.\d+|[a-z0-9]+(\.[a-z0-9]+){1,2})$/);
    await expect(this.accountId).toBeEnabled();
  }

  async openAccountMenu() {
    await this.waitForAccount();
    await this.accountId.click();
  }

  async logout() {
    await this.openAccountMenu();
    await this.page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(this.connectButton).toBeVisible();
  }
}
