import { PrivateKey } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import type { FastifyInstance } from 'fastify';
import { prefixMessageToSign } from '@registry/contracts/auth';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { domains, orderLines, orders, otherProviderDomains } from '../db/schema';
import { LocalLedger } from '../ledger/local/local-ledger';
import { LocalLedgerWriter } from '../ledger/local/local-ledger-writer';
import type { Mail } from '../modules/email-verification/mailer';
import { testConfig } from './test-config';

export type SignedIn = { accountId: string; key: PrivateKey; cookie: string };

/** Signs a HIP-820 message like a wallet: a base64 SignatureMap with one pair. */
export function signMessageLikeWallet(key: PrivateKey, message: string): string {
  const signature = key.sign(Buffer.from(prefixMessageToSign(message), 'utf8'));
  const pair = key.type === 'ED25519' ? { ed25519: signature } : { ECDSASecp256k1: signature };
  const bytes = proto.SignatureMap.encode({
    sigPair: [{ pubKeyPrefix: key.publicKey.toBytesRaw(), ...pair }],
  }).finish();
  return Buffer.from(bytes).toString('base64');
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A server on a fresh database with the local ledger, plus fixtures to put it in the state a test needs. */
export async function startTestApp(
  openDatabase: () => Promise<Database>,
  env: Record<string, string> = {},
  options: { otherProviderToken?: boolean; claimToken?: boolean } = {},
) {
  const database = await openDatabase();
  const ledger = new LocalLedger(database.db);
  const writer = new LocalLedgerWriter(ledger, await ledger.bootstrap());
  const otherProviderTokenId = options.otherProviderToken
    ? await writer.createNftCollection('Other provider domains', 'OPD')
    : undefined;
  const claimTokenId = options.claimToken
    ? await writer.createNftCollection('Claim pass', 'CLAIM')
    : undefined;
  const mail: Mail[] = [];
  const app: FastifyInstance = await buildApp({
    config: testConfig({
      APPS_ROOT: '/nonexistent',
      ...(otherProviderTokenId ? { OTHER_PROVIDER_TOKEN_ID: otherProviderTokenId } : {}),
      ...(claimTokenId ? { CLAIM_TOKEN_ID: claimTokenId } : {}),
      ...env,
    }),
    database,
    localLedger: { ledger, writer },
    mailer: { send: async (message) => void mail.push(message) },
  });
  let nameCounter = 0;

  async function signIn(key: PrivateKey = PrivateKey.generateED25519(), hbar = 1000): Promise<SignedIn> {
    const accountId = await writer.createAccount(key.publicKey, hbar);
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
    const cookie = verify.cookies.find((item) => item.name === 'registry_session');
    return { accountId, key, cookie: `registry_session=${cookie!.value}` };
  }

  /** A unique name for this test, e.g. `t3x9k1.hbar`. */
  function uniqueName(tld = 'hbar') {
    nameCounter += 1;
    return `t${nameCounter}${Math.random().toString(36).slice(2, 8)}.${tld}`;
  }

  /** Registers a domain to an account, as a finished purchase would. */
  async function giveDomain(
    owner: string,
    name = uniqueName(),
    options: {
      status?: number;
      subscribed?: boolean;
      parentName?: string;
      months?: number;
      expiresAt?: Date;
    } = {},
  ) {
    const months = options.months ?? 12;
    const purchasedAt = new Date();
    const [row] = await database.db
      .insert(domains)
      .values({
        name,
        tld: name.split('.').at(-1)!,
        parentName: options.parentName ?? null,
        isSub: options.parentName ? 1 : 0,
        ownerAccount: owner,
        months,
        price: 10,
        purchasedAt,
        expiresAt: options.expiresAt ?? new Date(purchasedAt.getTime() + months * 30 * 24 * 3600 * 1000),
        subscribed: options.subscribed ?? false,
        status: options.status ?? 22,
        serialNo: options.status === 22 || options.status === undefined ? nameCounter + 1 : null,
      })
      .returning();
    return row!;
  }

  /** A paid order of an account, as a verified ledger payment leaves it. */
  async function paidOrder(accountId: string, kind: string, itemName: string, price = 10) {
    const [order] = await database.db
      .insert(orders)
      .values({
        accountId,
        kind,
        status: 'paid',
        totalHbar: price,
        amountTinybars: BigInt(Math.round(price * 1e8)),
        expiresAt: new Date(Date.now() + 600_000),
        paidAt: new Date(),
        transactionId: `${accountId}-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
      })
      .returning();
    await database.db.insert(orderLines).values({ orderId: order!.id, itemName, months: 12, price });
    return order!;
  }

  /** An NFT of another provider's token held by the account, with its domain record. */
  async function giveOtherProviderDomain(
    owner: SignedIn,
    tokenId: string,
    domainName: string,
    status: number,
  ) {
    const serialNumber = await writer.mintTo(tokenId, owner.accountId, owner.key, domainName);
    await database.db.insert(otherProviderDomains).values({ domainName, tokenId, serialNumber, status });
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
    giveDomain,
    paidOrder,
    giveOtherProviderDomain,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
