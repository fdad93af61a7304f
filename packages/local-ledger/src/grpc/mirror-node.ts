import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import * as grpc from '@grpc/grpc-js';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { LedgerDb } from '../ledger-db';
import { ledgerTopicMessages, ledgerTopics } from '../schema';
import { grpcServerHandle, loadMirrorServices, type GrpcServerHandle } from './hapi-services';
import { addressBookEntries, type NodeEndpoint } from './system-files';

/** How often a subscription looks for new messages (the mirror node's own poller takes 500 ms). */
const POLL_MS = 250;
/** Messages read at once while a subscription catches up. */
const PAGE = 100;
/**
 * A message is written a moment after its consensus time is given: a subscription with an end time
 * ends this long after that time, once nothing before it can still arrive.
 */
const SETTLE_NS = 1_000_000_000n;

type EntityId = { shardNum?: string; realmNum?: string };
type Timestamp = { seconds?: string; nanos?: number };
type TopicQuery = {
  topicID?: EntityId & { topicNum?: string };
  consensusStartTime?: Timestamp;
  consensusEndTime?: Timestamp;
  limit?: string;
};
type AddressBookQuery = { fileId?: EntityId & { fileNum?: string }; limit?: number };
type MessageRow = typeof ledgerTopicMessages.$inferSelect;
type MirrorChunkInfo = {
  initial_transaction_id: {
    account_id: string;
    nonce: number;
    scheduled: boolean;
    transaction_valid_start: string;
  } | null;
  number: number;
  total: number;
};

const nanosOf = (time: Timestamp | undefined) =>
  time ? BigInt(time.seconds ?? '0') * 1_000_000_000n + BigInt(time.nanos ?? 0) : null;
const timestampOf = (ns: bigint) => ({
  seconds: String(ns / 1_000_000_000n),
  nanos: Number(ns % 1_000_000_000n),
});
const accountIdOf = (id: string) => {
  const [shardNum, realmNum, accountNum] = id.split('.');
  return { shardNum, realmNum, accountNum };
};

/** A chunk's info as HAPI states it, from the mirror's `chunk_info`. */
function chunkInfoOf({ initial_transaction_id: initial, number, total }: MirrorChunkInfo) {
  if (!initial) return { number, total };
  const [seconds, nanos = '0'] = initial.transaction_valid_start.split('.');
  return {
    number,
    total,
    initialTransactionID: {
      accountID: accountIdOf(initial.account_id),
      transactionValidStart: { seconds, nanos: Number(nanos) },
      scheduled: initial.scheduled,
      nonce: initial.nonce,
    },
  };
}

/** A topic message as the mirror's gRPC API streams it (`ConsensusTopicResponse`). */
function topicResponseOf(row: MessageRow) {
  return {
    consensusTimestamp: timestampOf(row.consensusNs),
    message: Buffer.from(row.message, 'base64'),
    runningHash: Buffer.from(row.runningHash, 'base64'),
    sequenceNumber: String(row.sequenceNumber),
    runningHashVersion: String(row.runningHashVersion),
    ...(row.chunkInfo ? { chunkInfo: chunkInfoOf(row.chunkInfo as MirrorChunkInfo) } : {}),
  };
}

class MirrorCallError extends Error {
  constructor(
    readonly code: grpc.status,
    message: string,
  ) {
    super(message);
  }
}

/** Ends a server stream with `error`'s status (UNAVAILABLE for a failure of the ledger's own). */
function failStream(call: grpc.ServerWritableStream<unknown, unknown>, error: unknown) {
  const status =
    error instanceof MirrorCallError
      ? { code: error.code, details: error.message }
      : { code: grpc.status.UNAVAILABLE, details: error instanceof Error ? error.message : String(error) };
  call.emit('error', status);
}

async function write(call: grpc.ServerWritableStream<unknown, unknown>, response: unknown) {
  if (!call.write(response)) await once(call, 'drain');
}

export type MirrorGrpc = GrpcServerHandle;

/**
 * The mirror node's gRPC API (hiero-local-node serves it on 5600): topic subscriptions, the SDK's
 * `TopicMessageQuery`, from the messages the ledger stored and then as they come; and the address
 * book, the SDK's `AddressBookQuery`.
 */
export function createMirrorGrpc({
  db,
  addressBook,
}: {
  db: LedgerDb;
  /** The network's nodes, as the address book files list them. */
  addressBook: () => NodeEndpoint[];
}): MirrorGrpc {
  const services = loadMirrorServices();
  const server = new grpc.Server();
  let closing = false;

  async function streamTopic(call: grpc.ServerWritableStream<TopicQuery, unknown>) {
    const { topicID, consensusStartTime, consensusEndTime, limit } = call.request;
    if (!topicID?.topicNum) throw new MirrorCallError(grpc.status.INVALID_ARGUMENT, 'topicID is required');
    const topicId = `${topicID.shardNum ?? 0}.${topicID.realmNum ?? 0}.${topicID.topicNum}`;
    const startNs = nanosOf(consensusStartTime) ?? 0n;
    const endNs = nanosOf(consensusEndTime);
    if (endNs !== null && endNs <= startNs)
      throw new MirrorCallError(grpc.status.INVALID_ARGUMENT, 'End time must be after start time');
    const [topic] = await db
      .select({ topicId: ledgerTopics.topicId })
      .from(ledgerTopics)
      .where(eq(ledgerTopics.topicId, topicId));
    if (!topic) throw new MirrorCallError(grpc.status.NOT_FOUND, `${topicId} does not exist`);

    const wanted = BigInt(limit ?? '0');
    let sent = 0n;
    let afterNs = startNs - 1n;
    let cancelled = false;
    call.once('cancelled', () => (cancelled = true));
    while (!cancelled && !closing) {
      const rows = await db
        .select()
        .from(ledgerTopicMessages)
        .where(
          and(
            eq(ledgerTopicMessages.topicId, topicId),
            gt(ledgerTopicMessages.consensusNs, afterNs),
            endNs === null ? undefined : lt(ledgerTopicMessages.consensusNs, endNs),
          ),
        )
        .orderBy(asc(ledgerTopicMessages.consensusNs))
        .limit(PAGE);
      for (const row of rows) {
        if (cancelled) return;
        await write(call, topicResponseOf(row));
        afterNs = row.consensusNs;
        sent += 1n;
        if (wanted > 0n && sent >= wanted) return call.end();
      }
      if (rows.length === PAGE) continue;
      const nowNs = BigInt(Date.now()) * 1_000_000n;
      if (endNs !== null && nowNs > endNs + SETTLE_NS) return call.end();
      await sleep(POLL_MS);
    }
    if (!cancelled) call.end();
  }

  function streamAddressBook(call: grpc.ServerWritableStream<AddressBookQuery, unknown>) {
    const fileNum = Number(call.request.fileId?.fileNum ?? 0);
    if (fileNum !== 101 && fileNum !== 102)
      throw new MirrorCallError(grpc.status.NOT_FOUND, `File 0.0.${fileNum} does not exist`);
    const limit = call.request.limit ?? 0;
    const entries = addressBookEntries(addressBook());
    for (const entry of limit > 0 ? entries.slice(0, limit) : entries) call.write(entry);
    call.end();
  }

  server.addService(services.ConsensusService, {
    subscribeTopic: (call: grpc.ServerWritableStream<TopicQuery, unknown>) =>
      void streamTopic(call).catch((error: unknown) => failStream(call, error)),
  });
  server.addService(services.NetworkService, {
    getNodes: (call: grpc.ServerWritableStream<AddressBookQuery, unknown>) => {
      try {
        streamAddressBook(call);
      } catch (error) {
        failStream(call, error);
      }
    },
  });

  return grpcServerHandle(server, (done) => {
    closing = true;
    // Open subscriptions end with the server.
    server.forceShutdown();
    done();
  });
}
