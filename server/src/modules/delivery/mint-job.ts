import { AccountId, Hbar, NftId, TokenId, TokenMintTransaction, TransferTransaction } from '@hashgraph/sdk';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { LedgerWriter } from '@registry/hedera-node/ledger-writer';
import type { MirrorReader } from '../../ledger/mirror-reader';
import { DELIVERED_STATUS } from '@registry/contracts/orders';
import type { DomainService } from '../domains/service';
import { asError, RetryLater, type BatchJobHandler, type Job } from '../../jobs/job-queue';
import type { CollectionOf } from './collections';
import type { MintedNames } from './minted-names';
import { associationRecheckMs, bySharedTransaction, MINT_BATCH, type MintPayload } from './payloads';
import type { SubmitOnce } from './submit-once';

export type MintDeps = {
  writer: LedgerWriter;
  mirror: MirrorReader;
  domains: Pick<DomainService, 'byIds' | 'markMinted' | 'markDelivered'>;
  submitOnce: SubmitOnce;
  collectionOf: CollectionOf;
  mintedNames: MintedNames;
};

type Domain = Awaited<ReturnType<DomainService['byIds']>>[number];
/** A job's domain; `holder` when the ledger already held a live NFT for its name (found, not minted). */
type Item = { job: Job; domain: Domain; holder?: string };

/** One run of the handler: its jobs' payloads as they change, and the outcome of each job that ended. */
function createMintRun(
  jobs: Job[],
  savePayloads: (saved: Array<{ job: Job; payload: object }>) => Promise<void>,
) {
  const payloads = new Map(jobs.map((job) => [job, job.payload as MintPayload]));
  const payloadOf = (job: Job) => payloads.get(job)!;
  const outcomes = new Map<Job, Error>();
  return {
    payloadOf,
    outcomes,
    jobsOf: (some: Item[]) => some.map((item) => item.job),
    async update(group: Job[], change: (payload: MintPayload, index: number) => MintPayload) {
      for (const [index, job] of group.entries()) payloads.set(job, change(payloadOf(job), index));
      await savePayloads(group.map((job) => ({ job, payload: payloadOf(job) })));
    },
    /** Runs one step of a group; an error ends each of its jobs that has not ended yet. */
    async step(group: Job[], work: () => Promise<void>) {
      try {
        await work();
      } catch (error) {
        for (const job of group) if (!outcomes.has(job)) outcomes.set(job, asError(error));
      }
    },
  };
}
type MintRun = ReturnType<typeof createMintRun>;

/** The jobs' domains not delivered yet, by top-level domain (one collection, one mint each). */
async function undeliveredByTld(jobs: Job[], run: MintRun, domains: MintDeps['domains']) {
  const rows = new Map(
    (await domains.byIds(jobs.map((job) => run.payloadOf(job).domainId))).map((row) => [row.id, row]),
  );
  const byTld = new Map<string, Item[]>();
  for (const job of jobs) {
    const domain = rows.get(run.payloadOf(job).domainId);
    if (!domain) run.outcomes.set(job, new Error(`domain ${run.payloadOf(job).domainId} is gone`));
    else if (domain.status !== DELIVERED_STATUS)
      byTld.set(domain.tld, [...(byTld.get(domain.tld) ?? []), { job, domain }]);
  }
  return byTld;
}

/**
 * Names the collection already holds a live NFT for (minted before the database was restored, say):
 * their serial is recorded instead of a second NFT minted. Only names with no mint of this job's own
 * are looked up; a mint the job prepared is found (or resubmitted) by its transaction.
 */
async function findMinted(
  tokenId: string,
  items: Item[],
  run: MintRun,
  { mintedNames, domains, writer }: MintDeps,
) {
  const unasked = items.filter((item) => !run.payloadOf(item.job).mint);
  if (unasked.length === 0) return;
  await run.step(run.jobsOf(unasked), async () => {
    const live = await (async () => {
      await mintedNames.catchUp(tokenId);
      return mintedNames.liveSerials(
        tokenId,
        unasked.map((item) => item.domain.name),
      );
    })().catch((error: unknown) => {
      throw error instanceof LedgerUnavailableError ? new RetryLater('the ledger is down', 5000) : error;
    });
    // Taken as the name's only while its holder is the buyer or the treasury (not yet sent); anyone
    // else's is a sale this database does not know, and the buyer gets an NFT of their own.
    const found = live
      .map((nft) => ({ nft, item: unasked.find((item) => item.domain.name === nft.name)! }))
      .filter(({ nft, item }) => nft.holder === item.domain.ownerAccount || nft.holder === writer.operatorId);
    if (found.length === 0) return;
    await domains.markMinted(
      tokenId,
      found.map(({ nft, item }) => ({ id: item.domain.id, serialNo: nft.serialNo })),
    );
    for (const { nft, item } of found) {
      item.domain = { ...item.domain, tokenId, serialNo: nft.serialNo };
      item.holder = nft.holder;
    }
  });
}

/** Mints the names of one top-level domain that have no serial yet, in its collection (created first). */
async function mintNames(tld: string, items: Item[], run: MintRun, deps: MintDeps) {
  if (!items.some((item) => item.domain.serialNo === null)) return;
  let collection: string | null = null;
  await run.step(run.jobsOf(items.filter((item) => item.domain.serialNo === null)), async () => {
    collection = await deps.collectionOf(tld);
  });
  if (collection === null) return;
  const tokenId: string = collection;
  await findMinted(
    tokenId,
    items.filter((item) => item.domain.serialNo === null),
    run,
    deps,
  );
  const unminted = items.filter((item) => item.domain.serialNo === null && !run.outcomes.has(item.job));
  // Names whose earlier mint was prepared go with that mint; the others share a new one.
  for (const group of bySharedTransaction(unminted, (item) => run.payloadOf(item.job).mint)) {
    await run.step(run.jobsOf(group), async () => {
      const stored = run.payloadOf(group[0]!.job).mint;
      const made = await deps.submitOnce(
        stored,
        () =>
          new TokenMintTransaction()
            .setTokenId(tokenId)
            .setMetadata(group.map((item) => Buffer.from(item.domain.name, 'utf8')))
            // The network charges a mint per NFT: the SDK's cap for one (2 ℏ) for each.
            .setMaxTransactionFee(new Hbar(2 * group.length)),
        (next) =>
          run.update(run.jobsOf(group), (payload, index) => ({
            ...payload,
            mint: next && { ...next, index: stored ? (payload.mint?.index ?? 0) : index },
          })),
      );
      // Serials are given in metadata order.
      const serials = [...made.serials].sort((a, b) => a - b);
      const minted: Array<{ id: number; serialNo: number }> = [];
      for (const item of group) {
        const serial = serials[run.payloadOf(item.job).mint?.index ?? 0];
        if (serial === undefined) run.outcomes.set(item.job, new Error('mint record has no serial'));
        else minted.push({ id: item.domain.id, serialNo: serial });
      }
      await deps.domains.markMinted(tokenId, minted);
      await deps.mintedNames.record(
        tokenId,
        minted.map(({ id, serialNo }) => ({
          serialNo,
          name: group.find((item) => item.domain.id === id)!.domain.name,
        })),
      );
      for (const { id, serialNo } of minted)
        for (const item of group)
          if (item.domain.id === id) item.domain = { ...item.domain, tokenId, serialNo };
    });
  }
}

/** Minted names whose buyer has associated the collection; the others wait in Pending and look again later. */
async function deliverable(items: Item[], run: MintRun, mirror: MirrorReader): Promise<Item[]> {
  const ready: Item[] = [];
  const holders = new Map<string, Item[]>();
  for (const item of items) {
    if (run.outcomes.has(item.job) || item.domain.serialNo === null) continue;
    const holder = `${item.domain.ownerAccount} ${item.domain.tokenId}`;
    holders.set(holder, [...(holders.get(holder) ?? []), item]);
  }
  for (const owned of holders.values()) {
    const { ownerAccount: owner, tokenId } = owned[0]!.domain;
    await run.step(run.jobsOf(owned), async () => {
      const relationships = await mirror.listAccountTokens(owner, tokenId!).catch((error: unknown) => {
        throw error instanceof LedgerUnavailableError ? new RetryLater('the ledger is down', 5000) : error;
      });
      if (relationships.some((relation) => relation.token_id === tokenId)) {
        ready.push(...owned);
        return;
      }
      for (const item of owned)
        run.outcomes.set(
          item.job,
          new RetryLater(
            `${owner} has not associated ${tokenId}`,
            associationRecheckMs(Date.now() - item.job.createdAt.getTime()),
          ),
        );
    });
  }
  return ready;
}

/** Names whose NFT the ledger shows already out of the treasury: delivered, nothing to send. */
function heldElsewhere(items: Item[], run: MintRun, treasury: string): Item[] {
  return items.filter((item) => item.holder && item.holder !== treasury && !run.outcomes.has(item.job));
}

/** Sends minted NFTs to their buyers, up to ten per transfer. */
async function deliver(items: Item[], run: MintRun, { writer, submitOnce, domains }: MintDeps) {
  for (const group of bySharedTransaction(items, (item) => run.payloadOf(item.job).transfer)) {
    await run.step(run.jobsOf(group), async () => {
      // The SDK's cap for a transfer (1 ℏ) for each NFT it moves.
      const transfer = new TransferTransaction().setMaxTransactionFee(new Hbar(group.length));
      for (const { domain } of group)
        transfer.addNftTransfer(
          new NftId(TokenId.fromString(domain.tokenId!), domain.serialNo!),
          AccountId.fromString(writer.operatorId),
          AccountId.fromString(domain.ownerAccount),
        );
      await submitOnce(
        run.payloadOf(group[0]!.job).transfer,
        () => transfer,
        (next) => run.update(run.jobsOf(group), (payload) => ({ ...payload, transfer: next })),
      );
      await domains.markDelivered(group.map((item) => item.domain.id));
    });
  }
}

/**
 * Mints and delivers up to MINT_BATCH paid names together: one mint per top-level domain, one transfer
 * for the NFTs whose buyers have associated the collection. Every job keeps the shared transaction in
 * its payload with its place in it, so after a crash each one finds (or resubmits) the same
 * transaction and no name is minted twice.
 */
export function createMintHandler(deps: MintDeps): BatchJobHandler {
  return {
    size: MINT_BATCH,
    async run(jobs, { savePayloads }) {
      const run = createMintRun(jobs, savePayloads);
      for (const [tld, items] of await undeliveredByTld(jobs, run, deps.domains)) {
        await mintNames(tld, items, run, deps);
        const out = heldElsewhere(items, run, deps.writer.operatorId);
        if (out.length > 0)
          await run.step(run.jobsOf(out), () =>
            deps.domains.markDelivered(out.map((item) => item.domain.id)),
          );
        const waiting = items.filter((item) => !out.includes(item));
        await deliver(await deliverable(waiting, run, deps.mirror), run, deps);
      }
      return jobs.map((job) => run.outcomes.get(job) ?? null);
    },
  };
}
