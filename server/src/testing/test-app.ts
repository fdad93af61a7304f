import {
  AccountId,
  Hbar,
  NftId,
  PrivateKey,
  TokenId,
  TransactionId,
  TransferTransaction,
} from '@hashgraph/sdk';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuoteRequest, QuoteResponse } from '@registry/contracts/orders';
import { signMessageToSignatureMap } from '@registry/wallet/signature-map';
import { buildApp } from '../app/build-app';
import type { Database } from '../db/database';
import { domains, otherProviderDomains, tlds } from '../db/schema';
import { openEmbeddedLedger } from '../ledger/local-ledger-adapter';
import type { Mail } from '../mail/mailer';
import { testConfig } from './test-config';
import type { OtherDomainStatus } from '@registry/contracts/status-codes';

export type SignedIn = { accountId: string; key: PrivateKey; cookie: string };

/** Signs a HIP-820 message like a wallet: the wallet package's own signer. */
export const signMessageLikeWallet = signMessageToSignatureMap;

type Answer<T> = { status: number; body: T & { code?: string; message?: string } };
export type ConfirmAnswer = Answer<{
  resData?: { itemName: string; status: number }[];
  refundedTinybars?: string;
}>;

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A server on a fresh database with the local ledger, plus fixtures to put it in the state a test needs. */
export async function startTestApp(
  openDatabase: () => Promise<Database>,
  env: Record<string, string> = {},
  options: {
    otherProviderToken?: boolean;
    claimToken?: boolean;
    jobsAfterPayment?: boolean;
    /** Send mail as configured (SMTP_URL) instead of keeping it in `mail`. */
    configuredMailer?: boolean;
    /** Where the server's log lines go (with LOG_LEVEL set). */
    logStream?: { write(line: string): void };
  } = {},
) {
  const database = await openDatabase();
  const { ledger, writer } = await openEmbeddedLedger(database.db);
  const otherProviderTokenId = options.otherProviderToken
    ? await writer.createNftCollection('Other provider domains', 'OPD')
    : undefined;
  const claimTokenId = options.claimToken
    ? await writer.createNftCollection('Claim pass', 'CLAIM')
    : undefined;
  const mail: Mail[] = [];
  const config = testConfig({
    APPS_ROOT: '/nonexistent',
    ...(otherProviderTokenId ? { OTHER_PROVIDER_TOKEN_ID: otherProviderTokenId } : {}),
    ...(claimTokenId ? { CLAIM_TOKEN_ID: claimTokenId } : {}),
    ...env,
  });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    localLedger: { ledger, writer },
    ...(options.configuredMailer
      ? {}
      : { mailer: { send: async (message: Mail) => void mail.push(message) } }),
    jobsAfterPayment: options.jobsAfterPayment ?? true,
    logStream: options.logStream,
  });
  let nameCounter = 0;

  /** A new account for `key`, signed in; `evmAlias` makes it from its ECDSA key's EVM address. */
  async function signIn(
    key: PrivateKey = PrivateKey.generateED25519(),
    hbar = 1000,
    options: { evmAlias?: boolean } = {},
  ): Promise<SignedIn> {
    const accountId = await writer.createAccount(key.publicKey, hbar, options);
    const challenge = await app.inject({
      method: 'POST',
      url: '/api/auth/challenge',
      payload: { accountId },
    });
    const { nonce, message } = challenge.json() as { nonce: string; message: string };
    const verify = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { accountId, nonce, signatureMap: signMessageLikeWallet(key, message) },
    });
    if (verify.statusCode !== 200) throw new Error(`sign-in failed: ${verify.body}`);
    // `__Host-registry_session` when the server's public address is https.
    const cookie = verify.cookies.find((item) => item.name.endsWith('registry_session'))!;
    return { accountId, key, cookie: `${cookie.name}=${cookie.value}` };
  }

  /** A unique name for this test, e.g. `t3x9k1.hbar`. */
  function uniqueName(tld = 'hbar') {
    nameCounter += 1;
    return `t${nameCounter}${Math.random().toString(36).slice(2, 8)}.${tld}`;
  }

  const inject = async <T>(buyer: SignedIn, method: 'POST' | 'GET', url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: { cookie: buyer.cookie }, payload });
    return { status: response.statusCode, body: response.json() } as Answer<T>;
  };

  const quote = (buyer: SignedIn, request: QuoteRequest) =>
    inject<QuoteResponse>(buyer, 'POST', '/api/orders/quote', request);

  /** A wallet signs a transaction with the SDK and sends it to the local ledger; answers its status. */
  async function submitSigned(payer: string, transaction: TransferTransaction, signer: PrivateKey) {
    transaction
      .setTransactionId(TransactionId.generate(payer))
      .setNodeAccountIds([new AccountId(3)])
      .freeze();
    await transaction.sign(signer);
    const response = await app.inject({
      method: 'POST',
      url: '/ledger/transactions',
      payload: { bytes: Buffer.from(transaction.toBytes()).toString('base64') },
    });
    return {
      ...(response.json() as { status: string }),
      transactionId: transaction.transactionId!.toString(),
    };
  }

  /** The buyer's wallet pays: an HBAR transfer with a memo. */
  function pay(buyer: SignedIn, to: string, tinybars: bigint, memo: string, signer = buyer.key) {
    return submitSigned(
      buyer.accountId,
      new TransferTransaction()
        .addHbarTransfer(buyer.accountId, Hbar.fromTinybars((-tinybars).toString()))
        .addHbarTransfer(to, Hbar.fromTinybars(tinybars.toString()))
        .setTransactionMemo(memo),
      signer,
    );
  }

  const confirm = (buyer: SignedIn, orderId: string, transactionId: string) =>
    inject<ConfirmAnswer['body']>(buyer, 'POST', '/api/orders/confirm', { orderId, transactionId });

  /** Quote → the wallet pays → nobody confirms (the tab was closed): only the ledger knows. */
  async function payWithoutConfirm(buyer: SignedIn, request: QuoteRequest) {
    const quoted = await quote(buyer, request);
    if (quoted.status !== 200) throw new Error(`quote failed: ${JSON.stringify(quoted.body)}`);
    const paid = await pay(
      buyer,
      quoted.body.treasuryAccountId,
      BigInt(quoted.body.amountTinybars),
      quoted.body.memo,
    );
    if (paid.status !== 'SUCCESS') throw new Error(`payment failed: ${paid.status}`);
    return { quote: quoted.body, transactionId: paid.transactionId };
  }

  /** Quote → pay exactly what was asked → confirm, as the app does for any paid action. */
  async function purchase(buyer: SignedIn, request: QuoteRequest): Promise<ConfirmAnswer> {
    const { quote: quoted, transactionId } = await payWithoutConfirm(buyer, request);
    const confirmed = await confirm(buyer, quoted.orderId, transactionId);
    if (confirmed.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirmed.body)}`);
    return confirmed;
  }

  /** The holder's wallet sends a domain's NFT to another account. */
  const sendNft = (holder: SignedIn, tokenId: string, serial: number, to: string) =>
    submitSigned(
      holder.accountId,
      new TransferTransaction().addNftTransfer(
        new NftId(TokenId.fromString(tokenId), serial),
        holder.accountId,
        to,
      ),
      holder.key,
    );

  /** The .hbar collection made up front, so buyers can associate it before their first purchase. */
  async function openCollection(tld = 'hbar', options: { wipable?: boolean } = {}) {
    const existing = await collectionOf(tld);
    if (existing) return existing;
    const tokenId = await writer.createNftCollection(`${tld} domains`, tld.toUpperCase(), '', options);
    await database.db.update(tlds).set({ tokenId }).where(eq(tlds.name, tld));
    return tokenId;
  }

  /** The collection of a top-level domain, once its first name was minted. */
  async function collectionOf(tld: string) {
    const [row] = await database.db.select().from(tlds).where(eq(tlds.name, tld));
    return row?.tokenId ?? null;
  }

  /** Queued jobs become due now and the worker runs them (instead of waiting for their retry time). */
  async function runQueuedJobsNow() {
    await database.db.execute(`update jobs set run_after = now() where status = 'queued'`);
    await app.jobWorker!.kick();
  }

  /** The owner's wallet associates the collection and tells the server, which delivers what waited. */
  async function associateAndCollect(owner: SignedIn, tld: string) {
    const tokenId = await collectionOf(tld);
    if (!tokenId) throw new Error(`.${tld} has no collection yet`);
    const relationships = await app.inject({
      method: 'GET',
      url: `/ledger/api/v1/accounts/${owner.accountId}/tokens?token.id=${tokenId}`,
    });
    if ((relationships.json() as { tokens: unknown[] }).tokens.length === 0)
      await writer.associate(owner.accountId, owner.key, tokenId);
    return inject<{ delivered: string[]; pending: string[] }>(owner, 'POST', '/api/orders/deliveries');
  }

  /**
   * A domain bought through the API and paid on the ledger: quoted, paid, confirmed, minted and (unless
   * `pending`) delivered after the owner associates the collection. Optionally subscribed, or a
   * subdomain of `parent`.
   */
  async function buyDomain(
    owner: SignedIn,
    name = uniqueName(),
    options: { months?: 12 | 24 | 36 | 48; pending?: boolean; subscribed?: boolean } = {},
  ) {
    await purchase(owner, {
      kind: 'domains',
      items: [{ itemName: name, months: options.months ?? 12, isWebProtectionOn: false }],
    });
    if (!options.pending) await associateAndCollect(owner, name.split('.').at(-1)!);
    if (options.subscribed) await purchase(owner, { kind: 'subscription', itemName: name });
    const [row] = await database.db.select().from(domains).where(eq(domains.name, name));
    return row!;
  }

  /** A subdomain booked on a delivered parent, through the API and the ledger. */
  async function buySubdomain(owner: SignedIn, parent: string, label: string) {
    await purchase(owner, { kind: 'subdomain', parent, label });
    await associateAndCollect(owner, parent.split('.').at(-1)!);
    const [row] = await database.db
      .select()
      .from(domains)
      .where(eq(domains.name, `${label}.${parent}`));
    return row!;
  }

  /** Moves a domain's expiry (time passing), for tests of expired domains. */
  async function expire(name: string, at: Date) {
    await database.db.execute(sql`update domains set expires_at = ${at.toISOString()} where name = ${name}`);
  }

  /** An NFT of another provider's token held by the account, with its domain record. */
  async function giveOtherProviderDomain(
    owner: SignedIn,
    tokenId: string,
    domainName: string,
    /** A listed status, or another number to test that it is not listed. */
    status: number,
  ) {
    const serialNumber = await writer.mintTo(tokenId, owner.accountId, owner.key, domainName);
    await database.db
      .insert(otherProviderDomains)
      .values({ domainName, tokenId, serialNumber, status: status as OtherDomainStatus });
    return { tokenId, serialNumber };
  }

  return {
    app,
    database,
    ledger,
    writer,
    otherProviderTokenId,
    claimTokenId,
    mail,
    signIn,
    uniqueName,
    quote,
    pay,
    confirm,
    purchase,
    payWithoutConfirm,
    sendNft,
    /** A new signed-in account holding 1,000 HBAR that has associated the collection: it can hold names. */
    async holderOf(tokenId: string, options: { evmAlias?: boolean } = {}): Promise<SignedIn> {
      const signedIn = options.evmAlias
        ? await signIn(PrivateKey.generateECDSA(), 1000, { evmAlias: true })
        : await signIn(PrivateKey.generateED25519(), 1000);
      await writer.associate(signedIn.accountId, signedIn.key, tokenId);
      return signedIn;
    },
    openCollection,
    collectionOf,
    runQueuedJobsNow,
    associateAndCollect,
    buyDomain,
    buySubdomain,
    expire,
    giveOtherProviderDomain,
    /** Another server on the same database and ledger (a second instance, or this one restarted). */
    startPeer: (peerMail: Mail[]) =>
      buildApp({
        config,
        database,
        localLedger: { ledger, writer },
        mailer: { send: async (message: Mail) => void peerMail.push(message) },
      }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
