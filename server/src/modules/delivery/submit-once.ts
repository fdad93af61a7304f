import type { Transaction } from '@hashgraph/sdk';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';
import type { LedgerWriter, PreparedTransaction } from '@registry/hedera-node/ledger-writer';
import type { MirrorReader, MirrorTransaction } from '../../ledger/mirror-reader';
import { RetryLater } from '../../jobs/job-queue';

/** A prepared transaction kept in a job's payload, so a retry resubmits the same bytes (never a second mint). */
export type StoredTransaction = { bytes: string; transactionId: string };

/** What a successful transaction made: the entity it created, the serials it minted. */
export type Made = {
  entityId: string | null;
  serials: number[];
  /** A topic message's sequence number, when this submission's receipt gave it. */
  topicSequenceNumber?: number;
  /** When it reached consensus, when read from the mirror node. */
  consensusTimestamp?: string;
};

const encode = (prepared: PreparedTransaction): StoredTransaction => ({
  bytes: Buffer.from(prepared.bytes).toString('base64'),
  transactionId: prepared.transactionId,
});

/** The same, read from a mirror node record (a mint shows as NFTs moving from nobody). */
function madeBy(record: MirrorTransaction): Made {
  return {
    entityId: record.entity_id ?? null,
    consensusTimestamp: record.consensus_timestamp,
    serials: (record.nft_transfers ?? [])
      .filter((transfer) => transfer.sender_account_id === null)
      .map((transfer) => transfer.serial_number),
  };
}

/**
 * Submits a transaction exactly once: the prepared bytes are saved before the first submission; a
 * retry finds the record on the mirror node or resubmits the same bytes (the ledger refuses a
 * duplicate). Answers what the successful transaction made: from the network's receipt when this
 * submission succeeded (the mirror node may lag behind it), else from the mirror node's record.
 */
export function createSubmitOnce(writer: LedgerWriter, mirror: MirrorReader) {
  return async function submitOnce(
    stored: StoredTransaction | undefined,
    build: () => Transaction,
    /** Keeps the prepared transaction (or forgets it); may answer another one to submit instead. */
    save: (stored: StoredTransaction | undefined) => Promise<StoredTransaction | null | void>,
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
        const prepared = encode(await writer.prepare(build()));
        current = (await save(prepared)) || prepared;
      }
      const receipt = await writer.submit(Buffer.from(current.bytes, 'base64'));
      const { status } = receipt;
      if (status === 'SUCCESS')
        return {
          entityId: receipt.entityId ?? null,
          serials: receipt.serials ?? [],
          ...(receipt.topicSequenceNumber ? { topicSequenceNumber: receipt.topicSequenceNumber } : {}),
        };
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
  };
}
export type SubmitOnce = ReturnType<typeof createSubmitOnce>;

/**
 * A job's one transaction, kept in its payload under `key`: the prepared bytes are saved with the rest
 * of the payload before they are submitted, so a retry submits the same transaction.
 */
export async function submitKept<P extends object, K extends keyof P & string>(
  submitOnce: SubmitOnce,
  payload: P & { [key in K]?: StoredTransaction },
  key: K,
  savePayload: (payload: object) => Promise<void>,
  build: () => Transaction,
): Promise<Made> {
  let current: P = payload;
  return submitOnce(payload[key] as StoredTransaction | undefined, build, async (stored) => {
    current = { ...current, [key]: stored };
    await savePayload(current);
  });
}
