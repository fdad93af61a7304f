import { test as base, expect } from '@playwright/test';
import { LedgerClient, type LedgerAccount } from '@registry/ledger-client/ledger-client';
import { Header } from './pages/header';

export type MakeDomainOptions = {
  /** The full name; a unique `.hbar` name when left out. */
  name?: string;
  tld?: string;
  months?: 12 | 24 | 36 | 48;
  /** Leave it paid but not delivered (the collection not associated): it shows under Pending. */
  pending?: boolean;
  subscribed?: boolean;
};

type Fixtures = {
  ledger: LedgerClient;
  /** This test's Local Wallet account: the page's Local Wallet uses it. */
  account: LedgerAccount;
  header: Header;
  /** Connects the page's Local Wallet (the test's account) through the header, as a user does. */
  login: () => Promise<void>;
  /** Buys a domain for the test's account through the API and the ledger (not the UI); answers its name. */
  makeDomain: (options?: MakeDomainOptions) => Promise<string>;
};

let counter = 0;
const uniqueLabel = () =>
  `e2e${Date.now().toString(36)}${(counter += 1)}${Math.random().toString(36).slice(2, 5)}`;

export const test = base.extend<Fixtures>({
  ledger: async ({ baseURL }, use) => {
    await use(new LedgerClient(baseURL!));
  },

  account: async ({ ledger, page }, use) => {
    const account = await ledger.openAccount();
    // What the Local Wallet keeps per browser profile: the page connects as this account.
    await page.addInitScript(
      ({ accountId, privateKey }) =>
        localStorage.setItem('local-wallet', JSON.stringify({ accountId, privateKey })),
      { accountId: account.accountId, privateKey: account.privateKey.toStringDer() },
    );
    await use(account);
  },

  header: async ({ page }, use) => {
    await use(new Header(page));
  },

  login: async ({ account, header }, use) => {
    await use(async () => {
      await header.connectLocalWallet();
      await expect(header.accountId).toHaveText(account.accountId);
    });
  },

  makeDomain: async ({ ledger, account }, use) => {
    let cookie: string | undefined;
    await use(async (options = {}) => {
      cookie ??= await ledger.signIn(account);
      const name = options.name ?? `${uniqueLabel()}.${options.tld ?? 'hbar'}`;
      await ledger.purchase(account, cookie, {
        kind: 'domains',
        items: [{ itemName: name, months: options.months ?? 12, isWebProtectionOn: false }],
      });
      if (!options.pending) await ledger.collect(account, cookie, name);
      if (options.subscribed)
        await ledger.purchase(account, cookie, { kind: 'subscription', itemName: name });
      return name;
    });
  },
});

export { expect };
