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
import { REFUNDED_STATUS } from '@registry/contracts/orders';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { LedgerWriter, PreparedTransaction } from '@registry/hedera-node/ledger-writer';
import type { MirrorReader, MirrorTransaction } from '../ledger/mirror-reader';
import { DELIVERED, type DomainService } from '../modules/domains/service';
import type { OrderRecords } from '../modules/orders/service';
import type { TldService } from '../modules/tlds/service';
import { asError, RetryLater, type BatchJobHandler, type Job, type JobHandler } from './job-queue';

/** A prepared transaction kept in a job's payload, so a retry resubmits the same bytes (never a second mint). */
type StoredTransaction = { bytes: string; transactionId: string };

export type MintPayload = {
  domainId: number;
  collection?: StoredTransaction;
  /** The mint this name is part of (several names share one) and the name's place in its metadata. */
  mint?: StoredTransaction & { index?: number };
  /** The transfer that delivers this name's NFT (with up to nine others). */
  transfer?: StoredTransaction;
};

/** Names in one mint and NFTs in one transfer: Hedera takes up to ten of each per transaction. */
export const MINT_BATCH = 10;

export type RefundPayload = {
  /** The order the payment was for; null when its memo named none. */
  orderId: string | null;
  /** The payment this refund returns (all or part of); its memo names it. */
  paymentTransactionId?: string;
  accountId: string;
  amountTinybars: string;
  reason: string;
  /** The whole order is refunded (else only some of its names). */
  wholeOrder: boolean;
  refund?: StoredTransaction;
};

/** Spec status of a line whose payment went back to the buyer. */
export const REFUNDED = REFUNDED_STATUS;

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

type Deps = {
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered'>;
  tlds: Pick<TldService, 'collectionOf' | 'recordCollection'>;
  orders: Pick<OrderRecords, 'markRefunded'>;
};

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

/**
 * Splits items into groups that share one transaction: those whose transaction was already prepared
 * (an earlier run saved it) go with it, the rest form one new group (the caller keeps it within one
 * transaction's limits).
 */
function bySharedTransaction<T>(items: T[], storedOf: (item: T) => StoredTransaction | undefined): T[][] {
  const prepared = new Map<string, T[]>();
  const fresh: T[] = [];
  for (const item of items) {
    const stored = storedOf(item);
    if (stored) prepared.set(stored.transactionId, [...(prepared.get(stored.transactionId) ?? []), item]);
    else fresh.push(item);
  }
  return [...prepared.values(), ...(fresh.length > 0 ? [fresh] : [])];
}

export function createRegistryJobs({ writer, mirror, domains, tlds, orders }: Deps) {
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
    const known = await tlds.collectionOf(tld);
    if (known === undefined) throw new Error(`unknown top-level domain ${tld}`);
    if (known) {
      knownCollections.set(tld, known);
      return known;
    }
    // Jobs run side by side: one creation per top-level domain in this process...
    let creating = collectionsBeingCreated.get(tld);
    if (!creating) {
      creating = createCollection(tld, payload, save).finally(() => collectionsBeingCreated.delete(tld));
      collectionsBeingCreated.set(tld, creating);
    }
    const created = await creating;
    // ...and across servers the first recorded collection wins; a later one stays empty.
    return tlds.recordCollection(tld, created);
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

  /**
   * Mints and delivers up to MINT_BATCH paid names together: one mint per top-level domain, one transfer
   * for the NFTs whose buyers have associated the collection. Every job keeps the shared transaction in
   * its payload with its place in it, so after a crash each one finds (or resubmits) the same
   * transaction and no name is minted twice.
   */
  const mint: BatchJobHandler = {
    size: MINT_BATCH,
    async run(jobs, { savePayloads }) {
      const payloads = new Map(jobs.map((job) => [job, job.payload as MintPayload]));
      const payloadOf = (job: Job) => payloads.get(job)!;
      const update = async (group: Job[], change: (payload: MintPayload, index: number) => MintPayload) => {
        for (const [index, job] of group.entries()) payloads.set(job, change(payloadOf(job), index));
        await savePayloads(group.map((job) => ({ job, payload: payloadOf(job) })));
      };
      const outcomes = new Map<Job, Error>();
      /** Runs one step of a group; an error ends each of its jobs that has not ended yet. */
      const step = async (group: Job[], work: () => Promise<void>) => {
        try {
          await work();
        } catch (error) {
          for (const job of group) if (!outcomes.has(job)) outcomes.set(job, asError(error));
        }
      };
      const ledgerDown = (error: unknown) => {
        throw error instanceof LedgerUnavailableError ? new RetryLater('the ledger is down', 5000) : error;
      };

      const rows = new Map(
        (await domains.byIds(jobs.map((job) => payloadOf(job).domainId))).map((row) => [row.id, row]),
      );
      type Item = { job: Job; domain: NonNullable<ReturnType<typeof rows.get>> };
      const byTld = new Map<string, Item[]>();
      for (const job of jobs) {
        const domain = rows.get(payloadOf(job).domainId);
        if (!domain) outcomes.set(job, new Error(`domain ${payloadOf(job).domainId} is gone`));
        else if (domain.status !== DELIVERED)
          byTld.set(domain.tld, [...(byTld.get(domain.tld) ?? []), { job, domain }]);
      }

      for (const [tld, items] of byTld) {
        const jobsOf = (some: Item[]) => some.map((item) => item.job);
        const unminted = items.filter((item) => item.domain.serialNo === null);
        let collection: string | null = null;
        if (unminted.length > 0) {
          const lead = unminted.find((item) => payloadOf(item.job).collection) ?? unminted[0]!;
          await step(jobsOf(unminted), async () => {
            collection = await collectionOf(tld, payloadOf(lead.job), (next) =>
              update([lead.job], () => next),
            );
          });
        }

        // Names whose earlier mint was prepared go with that mint; the others share a new one.
        for (const group of bySharedTransaction(unminted, (item) => payloadOf(item.job).mint)) {
          if (collection === null) break;
          const tokenId: string = collection;
          await step(jobsOf(group), async () => {
            const stored = payloadOf(group[0]!.job).mint;
            const made = await submitOnce(
              stored,
              () =>
                new TokenMintTransaction()
                  .setTokenId(tokenId)
                  .setMetadata(group.map((item) => Buffer.from(item.domain.name, 'utf8')))
                  // The network charges a mint per NFT: the SDK's cap for one (2 ℏ) for each.
                  .setMaxTransactionFee(new Hbar(2 * group.length)),
              (next) =>
                update(jobsOf(group), (payload, index) => ({
                  ...payload,
                  mint: next && { ...next, index: stored ? (payload.mint?.index ?? 0) : index },
                })),
            );
            // Serials are given in metadata order.
            const serials = [...made.serials].sort((a, b) => a - b);
            const minted: Array<{ id: number; serialNo: number }> = [];
            for (const item of group) {
              const serial = serials[payloadOf(item.job).mint?.index ?? 0];
              if (serial === undefined) outcomes.set(item.job, new Error('mint record has no serial'));
              else minted.push({ id: item.domain.id, serialNo: serial });
            }
            await domains.markMinted(tokenId, minted);
            for (const { id, serialNo } of minted)
              for (const item of group)
                if (item.domain.id === id) item.domain = { ...item.domain, tokenId, serialNo };
          });
        }

        // Delivery needs the buyer's association; until then the domain waits in Pending.
        const deliverable: Item[] = [];
        const holders = new Map<string, Item[]>();
        for (const item of items) {
          if (outcomes.has(item.job) || item.domain.serialNo === null) continue;
          const holder = `${item.domain.ownerAccount} ${item.domain.tokenId}`;
          holders.set(holder, [...(holders.get(holder) ?? []), item]);
        }
        for (const owned of holders.values()) {
          const { ownerAccount: owner, tokenId } = owned[0]!.domain;
          await step(jobsOf(owned), async () => {
            const relationships = await mirror.listAccountTokens(owner, tokenId!).catch(ledgerDown);
            if (relationships.some((relation) => relation.token_id === tokenId)) {
              deliverable.push(...owned);
              return;
            }
            for (const item of owned)
              outcomes.set(
                item.job,
                new RetryLater(
                  `${owner} has not associated ${tokenId}`,
                  associationRecheckMs(Date.now() - item.job.createdAt.getTime()),
                ),
              );
          });
        }
        for (const group of bySharedTransaction(deliverable, (item) => payloadOf(item.job).transfer)) {
          await step(jobsOf(group), async () => {
            // The SDK's cap for a transfer (1 ℏ) for each NFT it moves.
            const transfer = new TransferTransaction().setMaxTransactionFee(new Hbar(group.length));
            for (const { domain } of group)
              transfer.addNftTransfer(
                new NftId(TokenId.fromString(domain.tokenId!), domain.serialNo!),
                AccountId.fromString(writer.operatorId),
                AccountId.fromString(domain.ownerAccount),
              );
            await submitOnce(
              payloadOf(group[0]!.job).transfer,
              () => transfer,
              (next) => update(jobsOf(group), (payload) => ({ ...payload, transfer: next })),
            );
            await domains.markDelivered(group.map((item) => item.domain.id));
          });
        }
      }
      return jobs.map((job) => outcomes.get(job) ?? null);
    },
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
          .setTransactionMemo(`refund ${payload.paymentTransactionId ?? payload.orderId}`),
      async (stored) => {
        payload = { ...payload, refund: stored };
        await savePayload(payload);
      },
    );
    if (payload.wholeOrder && payload.orderId) await orders.markRefunded(payload.orderId);
  };

  return {
    handlers: { mint, refund } as Record<string, JobHandler | BatchJobHandler>,
  };
}
