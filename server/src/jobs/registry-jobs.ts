import {
  AccountId,
  Hbar,
  NftId,
  TokenCreateTransaction,
  TokenId,
  TokenMintTransaction,
  TokenType,
  type Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { tlds } from '../db/schema';
import { LedgerUnavailableError } from '../ledger/ledger-port';
import type { LedgerWriter, PreparedTransaction } from '../ledger/ledger-writer';
import type { MirrorReader, MirrorTransaction } from '../ledger/mirror-reader';
import { DELIVERED, type DomainService } from '../modules/domains/service';
import { markOrderRefunded } from '../modules/orders/repo';
import { RetryLater, type JobHandler } from './job-queue';

/** A prepared transaction kept in a job's payload, so a retry resubmits the same bytes (never a second mint). */
type StoredTransaction = { bytes: string; transactionId: string };

export type MintPayload = {
  domainId: number;
  collection?: StoredTransaction;
  mint?: StoredTransaction;
  transfer?: StoredTransaction;
};

export type RefundPayload = {
  orderId: string;
  accountId: string;
  amountTinybars: string;
  reason: string;
  /** The whole order is refunded (else only some of its names). */
  wholeOrder: boolean;
  refund?: StoredTransaction;
};

/** Spec status of a line whose payment went back to the buyer. */
export const REFUNDED = 0;

const FIRST_ASSOCIATION_RECHECK_MS = 2_000;
const LAST_ASSOCIATION_RECHECK_MS = 10 * 60_000;

/**
 * When to look again for a buyer's association: soon after the purchase (the app tells the server as
 * soon as it associates, this is the fallback), then less often the longer the buyer waits, up to ten
 * minutes, instead of every few seconds forever.
 */
export function associationRecheckMs(waitingMs: number): number {
  return Math.round(
    Math.min(LAST_ASSOCIATION_RECHECK_MS, Math.max(FIRST_ASSOCIATION_RECHECK_MS, waitingMs / 4)),
  );
}

const encode = (prepared: PreparedTransaction): StoredTransaction => ({
  bytes: Buffer.from(prepared.bytes).toString('base64'),
  transactionId: prepared.transactionId,
});

type Deps = { db: Db; writer: LedgerWriter; mirror: MirrorReader; domains: DomainService };

/** What a successful transaction made: the entity it created, the serials it minted. */
type Made = { entityId: string | null; serials: number[] };

/** The same, read from a mirror node record (a mint shows as NFTs moving from nobody). */
function madeBy(record: MirrorTransaction): Made {
  return {
    entityId: record.entity_id ?? null,
    serials: (record.nft_transfers ?? [])
      .filter((transfer) => transfer.sender_account_id === null)
      .map((transfer) => transfer.serial_number),
  };
}

export function createRegistryJobs({ db, writer, mirror, domains }: Deps) {
  /**
   * Submits a transaction exactly once: the prepared bytes are saved before the first submission; a
   * retry finds the record on the mirror node or resubmits the same bytes (the ledger refuses a
   * duplicate). Answers what the successful transaction made: from the network's receipt when this
   * submission succeeded (the mirror node may lag behind it), else from the mirror node's record.
   */
  async function submitOnce(
    stored: StoredTransaction | undefined,
    build: () => Transaction,
    save: (stored: StoredTransaction | undefined) => Promise<void>,
  ): Promise<Made> {
    try {
      let current = stored;
      if (current) {
        const record = await mirror.getTransaction(current.transactionId);
        if (record?.result === 'SUCCESS') return madeBy(record);
        if (record) {
          // It reached consensus and failed: a new transaction is needed.
          await save(undefined);
          throw new RetryLater(`ledger answered ${record.result}`, undefined, true);
        }
      }
      if (!current) {
        current = encode(await writer.prepare(build()));
        await save(current);
      }
      const receipt = await writer.submit(Buffer.from(current.bytes, 'base64'));
      const { status } = receipt;
      if (status === 'SUCCESS') return { entityId: receipt.entityId ?? null, serials: receipt.serials ?? [] };
      if (status === 'TRANSACTION_EXPIRED' || status === 'INVALID_TRANSACTION_START') {
        await save(undefined);
        throw new RetryLater(`ledger answered ${status}`, 0);
      }
      const record = await mirror.getTransaction(current.transactionId);
      if (!record) throw new RetryLater('waiting for the mirror node', 2000);
      if (record.result !== 'SUCCESS') {
        await save(undefined);
        throw new RetryLater(`ledger answered ${record.result}`, undefined, true);
      }
      return madeBy(record);
    } catch (error) {
      if (error instanceof LedgerUnavailableError) throw new RetryLater('the ledger is down', 5000);
      throw error;
    }
  }

  const collectionsBeingCreated = new Map<string, Promise<string>>();
  const knownCollections = new Map<string, string>();

  /** The NFT collection of a top-level domain, created on first use. */
  async function collectionOf(
    tld: string,
    payload: MintPayload,
    save: (payload: MintPayload) => Promise<void>,
  ): Promise<string> {
    // A top-level domain's collection, once recorded, never changes: asked once per process.
    const remembered = knownCollections.get(tld);
    if (remembered) return remembered;
    const [known] = await db.select().from(tlds).where(eq(tlds.name, tld));
    if (!known) throw new Error(`unknown top-level domain ${tld}`);
    if (known.tokenId) {
      knownCollections.set(tld, known.tokenId);
      return known.tokenId;
    }
    // Jobs run side by side: one creation per top-level domain in this process...
    let creating = collectionsBeingCreated.get(tld);
    if (!creating) {
      creating = createCollection(tld, payload, save).finally(() => collectionsBeingCreated.delete(tld));
      collectionsBeingCreated.set(tld, creating);
    }
    const created = await creating;
    // ...and across servers the first recorded collection wins; a later one stays empty.
    const [recorded] = await db
      .update(tlds)
      .set({ tokenId: created })
      .where(and(eq(tlds.name, tld), isNull(tlds.tokenId)))
      .returning({ tokenId: tlds.tokenId });
    if (recorded?.tokenId) return recorded.tokenId;
    const [winner] = await db.select({ tokenId: tlds.tokenId }).from(tlds).where(eq(tlds.name, tld));
    return winner?.tokenId ?? created;
  }

  async function createCollection(
    tld: string,
    payload: MintPayload,
    save: (payload: MintPayload) => Promise<void>,
  ): Promise<string> {
    const made = await submitOnce(
      payload.collection,
      () =>
        new TokenCreateTransaction()
          .setTokenName(`${tld} domains`)
          .setTokenSymbol(tld.toUpperCase())
          .setTokenMemo(`.${tld} domain names`)
          .setTokenType(TokenType.NonFungibleUnique)
          .setTreasuryAccountId(writer.operatorId)
          .setSupplyKey(writerPublicKey())
          .setAdminKey(writerPublicKey()),
      (collection) => save({ ...payload, collection }),
    );
    const tokenId = made.entityId;
    if (!tokenId) throw new Error('token create record has no entity id');
    return tokenId;
  }

  const writerPublicKey = () => writer.operatorPublicKey;

  const mint: JobHandler = async (job, { savePayload }) => {
    let payload = job.payload as MintPayload;
    const save = async (next: MintPayload) => {
      payload = next;
      await savePayload(next);
    };
    const domain = await domains.byId(payload.domainId);
    if (!domain) throw new Error(`domain ${payload.domainId} is gone`);
    if (domain.status === DELIVERED) return;
    const tokenId = domain.tokenId ?? (await collectionOf(domain.tld, payload, save));

    let serial = domain.serialNo;
    if (serial === null) {
      const made = await submitOnce(
        payload.mint,
        () => new TokenMintTransaction().setTokenId(tokenId).setMetadata([Buffer.from(domain.name, 'utf8')]),
        (stored) => save({ ...payload, mint: stored }),
      );
      // One name per mint: its one serial.
      const minted = made.serials[0];
      if (minted === undefined) throw new Error('mint record has no serial');
      serial = minted;
      await domains.markMinted(domain.id, tokenId, serial);
    }

    // Delivery needs the buyer's association; until then the domain waits in Pending.
    const relationships = await mirror
      .listAccountTokens(domain.ownerAccount, tokenId)
      .catch((error: unknown) => {
        if (error instanceof LedgerUnavailableError) throw new RetryLater('the ledger is down', 5000);
        throw error;
      });
    if (!relationships.some((relation) => relation.token_id === tokenId)) {
      throw new RetryLater(
        `${domain.ownerAccount} has not associated ${tokenId}`,
        associationRecheckMs(Date.now() - job.createdAt.getTime()),
      );
    }
    await submitOnce(
      payload.transfer,
      () =>
        new TransferTransaction().addNftTransfer(
          new NftId(TokenId.fromString(tokenId), serial!),
          AccountId.fromString(writer.operatorId),
          AccountId.fromString(domain.ownerAccount),
        ),
      (stored) => save({ ...payload, transfer: stored }),
    );
    await domains.markDelivered(domain.id);
  };

  const refund: JobHandler = async (job, { savePayload }) => {
    let payload = job.payload as RefundPayload;
    const tinybars = BigInt(payload.amountTinybars);
    await submitOnce(
      payload.refund,
      () =>
        new TransferTransaction()
          .addHbarTransfer(writer.operatorId, Hbar.fromTinybars((-tinybars).toString()))
          .addHbarTransfer(payload.accountId, Hbar.fromTinybars(tinybars.toString()))
          .setTransactionMemo(`refund ${payload.orderId}`),
      async (stored) => {
        payload = { ...payload, refund: stored };
        await savePayload(payload);
      },
    );
    if (payload.wholeOrder) await markOrderRefunded(db, payload.orderId);
  };

  return {
    handlers: { mint, refund } as Record<string, JobHandler>,
  };
}
