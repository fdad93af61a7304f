import {
  AccountId,
  Hbar,
  NftId,
  PrivateKey,
  TokenId,
  TokenAssociateTransaction,
  TransactionId,
  TransferTransaction,
  type Transaction,
} from '@hashgraph/sdk';
import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import type { RecordField } from '@registry/contracts/records';
import { signMessageToSignatureMap } from '@registry/wallet/signature-map';
import { hbarToTinybars } from '@registry/contracts/hbar';

/** A development account on the server's local ledger, with its key: what the Local Wallet keeps. */
export type LedgerAccount = { accountId: string; privateKey: PrivateKey };

/**
 * What a wallet and the app do, from another process: open a faucet account, sign in, pay a quote,
 * associate a collection. Browser tests use it to put the server in the state they start from; the
 * bench uses it to buy as many wallets at once.
 */
export class LedgerClient {
  /** Where the ledger's faucet, consensus route and mirror REST answer: the server's own on the local ledger. */
  private readonly ledgerOrigin: string;

  constructor(
    private readonly origin: string,
    { ledgerOrigin = origin }: { ledgerOrigin?: string } = {},
  ) {
    this.ledgerOrigin = ledgerOrigin;
  }

  private async post<T>(
    path: string,
    body: unknown,
    cookie?: string,
    origin = this.origin,
  ): Promise<{ json: T; cookie?: string }> {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
    const setCookie = response.headers.get('set-cookie')?.split(';')[0];
    return { json: (text ? JSON.parse(text) : null) as T, ...(setCookie ? { cookie: setCookie } : {}) };
  }

  async openAccount(): Promise<LedgerAccount> {
    const privateKey = PrivateKey.generateED25519();
    const { json } = await this.post<{ accountId: string }>(
      '/ledger/faucet',
      { publicKey: privateKey.publicKey.toStringDer() },
      undefined,
      this.ledgerOrigin,
    );
    return { accountId: json.accountId, privateKey };
  }

  /** Wallet sign-in (HIP-820 signed challenge); answers the session cookie. */
  async signIn(account: LedgerAccount): Promise<string> {
    const { json: challenge } = await this.post<{ nonce: string; message: string }>('/api/auth/challenge', {
      accountId: account.accountId,
    });
    const { cookie } = await this.post('/api/auth/verify', {
      accountId: account.accountId,
      nonce: challenge.nonce,
      signatureMap: signMessageToSignatureMap(account.privateKey, challenge.message),
    });
    if (!cookie) throw new Error('sign-in set no session cookie');
    return cookie;
  }

  private async submit(account: LedgerAccount, transaction: Transaction) {
    const frozen = transaction
      .setTransactionId(TransactionId.generate(account.accountId))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await frozen.sign(account.privateKey);
    const { json } = await this.post<{ status: string }>(
      '/ledger/transactions',
      { bytes: Buffer.from(frozen.toBytes()).toString('base64') },
      undefined,
      this.ledgerOrigin,
    );
    if (json.status !== 'SUCCESS') throw new Error(`the ledger answered ${json.status}`);
    return frozen.transactionId!.toString();
  }

  async quote(cookie: string, request: QuoteRequest): Promise<QuoteResponse> {
    return (await this.post<QuoteResponse>('/api/orders/quote', request, cookie)).json;
  }

  /** The wallet pays a quote: an HBAR transfer to the treasury with the quote's memo. Answers its id. */
  async pay(account: LedgerAccount, quote: QuoteResponse): Promise<string> {
    const tinybars = BigInt(quote.amountTinybars);
    return this.submit(
      account,
      new TransferTransaction()
        .addHbarTransfer(account.accountId, Hbar.fromTinybars((-tinybars).toString()))
        .addHbarTransfer(quote.treasuryAccountId, Hbar.fromTinybars(tinybars.toString()))
        .setTransactionMemo(quote.memo),
    );
  }

  async confirm(cookie: string, orderId: string, transactionId: string) {
    return (
      await this.post<{ resData?: { itemName: string; status: number }[] }>(
        '/api/orders/confirm',
        { orderId, transactionId },
        cookie,
      )
    ).json;
  }

  /** Quote → wallet payment → confirm, as the app's paid flow does. */
  async purchase(account: LedgerAccount, cookie: string, request: QuoteRequest) {
    const quote = await this.quote(cookie, request);
    return this.confirm(cookie, quote.orderId, await this.pay(account, quote));
  }

  /** The wallet associates a token with the account (once; an association made before is fine). */
  async associate(account: LedgerAccount, tokenId: string) {
    await this.submit(
      account,
      new TokenAssociateTransaction().setAccountId(account.accountId).setTokenIds([tokenId]),
    ).catch((error: Error) => {
      if (!/TOKEN_ALREADY_ASSOCIATED/.test(error.message)) throw error;
    });
  }

  /** The holder's wallet sends one NFT to another account (which has associated the collection). */
  async sendNft(holder: LedgerAccount, tokenId: string, serial: number, to: string) {
    return this.submit(
      holder,
      new TransferTransaction().addNftTransfer(
        new NftId(TokenId.fromString(tokenId), serial),
        holder.accountId,
        to,
      ),
    );
  }

  /** The collection (token id) a paid domain is minted in; null until it is minted. */
  async collectionOf(cookie: string, name: string): Promise<string | null> {
    const detail = await fetch(`${this.origin}/api/my/domains/${encodeURIComponent(name)}`, {
      headers: { cookie },
    });
    return ((await detail.json()) as { tokenId: string | null }).tokenId;
  }

  /** Associates the collection of a paid domain and lets the server deliver what waited for it. */
  async collect(account: LedgerAccount, cookie: string, name: string) {
    const tokenId = await this.collectionOf(cookie, name);
    if (!tokenId) throw new Error(`${name} is not minted yet`);
    await this.associate(account, tokenId);
    return (
      await this.post<{ delivered: string[]; pending: string[] }>('/api/orders/deliveries', undefined, cookie)
    ).json;
  }

  /** Gives the account a pass of the claim promotion (associating its collection first, as a wallet would). */
  async giveClaimPass(account: LedgerAccount) {
    await this.givePass(account, '/ledger/claim-pass');
  }

  /** Makes the account an early-access member: a pass of the local ledger's early-access token. */
  async giveEarlyAccessPass(account: LedgerAccount) {
    await this.givePass(account, '/ledger/early-access-pass');
  }

  private async givePass(account: LedgerAccount, path: string) {
    const pass = await fetch(`${this.origin}${path}`);
    const { tokenId } = (await pass.json()) as { tokenId: string };
    await this.submit(
      account,
      new TokenAssociateTransaction().setAccountId(account.accountId).setTokenIds([tokenId]),
    );
    await this.post(path, { accountId: account.accountId });
  }

  /** Gives the account a domain minted by another provider (the local ledger plays it). */
  async giveOtherProviderDomain(account: LedgerAccount, domainName: string) {
    const collection = await fetch(`${this.origin}/ledger/other-provider-domain`);
    const { tokenId } = (await collection.json()) as { tokenId: string };
    await this.associate(account, tokenId);
    await this.post('/ledger/other-provider-domain', { accountId: account.accountId, domainName });
  }

  /** Moves a registered domain's expiry, as if time had passed. */
  async setExpiry(domainName: string, expiresAt: Date) {
    await this.post('/ledger/domain-expiry', { domainName, expiresAt: expiresAt.toISOString() });
  }

  /** The account's HBAR balance in tinybars, as the mirror node reports it. */
  async balanceOf(account: LedgerAccount): Promise<bigint> {
    const response = await fetch(`${this.ledgerOrigin}/ledger/api/v1/accounts/${account.accountId}?limit=1`);
    const { balance } = (await response.json()) as { balance: { balance: number } };
    return BigInt(balance.balance);
  }

  /**
   * Sends all but `keepHbar` of the account's HBAR away, to play a wallet short of money: to the
   * network's fee account, not the registry's treasury, which refunds a payment that names no quote.
   */
  async spendDownTo(account: LedgerAccount, keepHbar: number) {
    const spend = (await this.balanceOf(account)) - hbarToTinybars(keepHbar);
    await this.submit(
      account,
      new TransferTransaction()
        .addHbarTransfer(account.accountId, Hbar.fromTinybars((-spend).toString()))
        .addHbarTransfer('0.0.98', Hbar.fromTinybars(spend.toString())),
    );
  }

  /** Sets the local ledger's HBAR rate in USD (its mirror's exchange rate), as the price feed moving would. */
  async setRate(usdPerHbar: number | null) {
    await this.post('/ledger/rate', { usdPerHbar });
  }

  /**
   * The tinybars the account paid to the treasury under a quote's memo, read from the account's
   * transactions on the mirror node: what the ledger holds, whatever the page or server said.
   */
  async paidUnder(account: LedgerAccount, quote: QuoteResponse): Promise<bigint> {
    const response = await fetch(
      `${this.ledgerOrigin}/ledger/api/v1/transactions?account.id=${account.accountId}&order=desc&limit=100`,
    );
    const { transactions } = (await response.json()) as {
      transactions: {
        memo_base64: string;
        result: string;
        transfers: { account: string; amount: number }[];
      }[];
    };
    const memo = Buffer.from(quote.memo).toString('base64');
    return transactions
      .filter((transaction) => transaction.memo_base64 === memo && transaction.result === 'SUCCESS')
      .flatMap((transaction) => transaction.transfers)
      .filter((transfer) => transfer.account === quote.treasuryAccountId)
      .reduce((sum, transfer) => sum + BigInt(transfer.amount), 0n);
  }

  /** Makes one of the signed-in account's names its primary name. */
  async setPrimaryName(cookie: string, name: string) {
    const response = await fetch(`${this.origin}/api/my/primary-name`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ name }),
    });
    if (!response.ok) throw new Error(`primary name answered ${response.status}: ${await response.text()}`);
  }

  /** The account's domains as the server lists them. */
  async domainsOf(cookie: string): Promise<{ itemName: string; status: number }[]> {
    const response = await fetch(`${this.origin}/api/my/domains`, { headers: { cookie } });
    return ((await response.json()) as { domains: { itemName: string; status: number }[] }).domains;
  }

  /** Sets a subscribed domain's web2 address and makes it active: update, pay the record fee, flag it. */
  async setSiteAddress(account: LedgerAccount, cookie: string, name: string, url: string) {
    await this.setRecord(account, cookie, name, 'siteAddress', url);
  }

  /** Sets one record of a subscribed domain and makes it active: update, pay the record fee, flag it. */
  async setRecord(account: LedgerAccount, cookie: string, name: string, field: RecordField, url: string) {
    const records = `${this.origin}/api/my/domains/${encodeURIComponent(name)}/records`;
    const update = await fetch(records, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ field, value: url }),
    });
    if (!update.ok) throw new Error(`records update answered ${update.status}: ${await update.text()}`);
    await this.purchase(account, cookie, { kind: 'record-fee', itemName: name });
    await this.post(
      `/api/my/domains/${encodeURIComponent(name)}/records/status`,
      { flag: field === 'siteAddress' ? 'statusSiteAddress' : 'statusAssets' },
      cookie,
    );
  }
}
