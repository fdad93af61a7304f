import * as grpc from '@grpc/grpc-js';
import {
  AddressBookQuery,
  FileId,
  TopicCreateTransaction,
  TopicMessageQuery,
  TopicMessageSubmitTransaction,
  type Client,
  type TopicId,
  type TopicMessage,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcLedger, type GrpcLedger } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import { loadMirrorServices } from './hapi-services';
import { createMirrorGrpc, type MirrorGrpc } from './mirror-node';

type MirrorMessage = {
  consensus_timestamp: string;
  message: string;
  running_hash: string;
  sequence_number: number;
};

/** Collects what a subscription streams until `count` messages came (or it completed). */
function subscribe(client: Client, query: TopicMessageQuery, count: number) {
  const messages: TopicMessage[] = [];
  let completed = false;
  let failure: unknown;
  let handle: { unsubscribe(): void } | undefined;
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${messages.length} of ${count} messages came`)), 20_000);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    handle = query
      .setCompletionHandler(() => {
        completed = true;
        settle();
      })
      .subscribe(
        client,
        (_message, error) => {
          failure = error;
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        (message) => {
          messages.push(message);
          if (messages.length >= count) settle();
        },
      );
  });
  return {
    messages,
    done,
    completed: () => completed,
    failure: () => failure,
    unsubscribe: () => handle?.unsubscribe(),
  };
}

/**
 * The mirror node's gRPC API as the SDK reads it: a topic's messages through `TopicMessageQuery`
 * (those stored, then those that come), the same as the mirror REST answers them, and the address book
 * through `AddressBookQuery`.
 */
describe.each(ledgerEngineCases)("the mirror node's gRPC API on $engine", ({ open }) => {
  let ledger: GrpcLedger;
  let mirrorGrpc: MirrorGrpc;
  let mirrorAddress: string;
  let nodePort: number;

  beforeAll(async () => {
    ledger = await startGrpcLedger(open);
    nodePort = Number(Object.keys(ledger.client.network)[0]!.split(':')[1]);
    mirrorGrpc = createMirrorGrpc({
      db: ledger.database.db,
      addressBook: () => [{ nodeAccountId: '0.0.3', host: '127.0.0.1', port: nodePort }],
    });
    mirrorAddress = `127.0.0.1:${await mirrorGrpc.listen('127.0.0.1', 0)}`;
    ledger.client.setMirrorNetwork([mirrorAddress]);
  });
  afterAll(async () => {
    await mirrorGrpc?.close();
    await ledger?.close();
  });

  async function newTopic(): Promise<TopicId> {
    const response = await new TopicCreateTransaction().setTopicMemo('subscribed').execute(ledger.client);
    return (await response.getReceipt(ledger.client)).topicId!;
  }
  async function submit(topicId: TopicId, message: string) {
    const responses = await new TopicMessageSubmitTransaction()
      .setTopicId(topicId)
      .setMessage(message)
      .executeAll(ledger.client);
    for (const response of responses) await response.getReceipt(ledger.client);
  }
  const mirrorMessages = async (topicId: TopicId) =>
    (
      (
        await ledger.server.app.inject({
          url: `/ledger/api/v1/topics/${topicId.toString()}/messages?limit=100`,
        })
      ).json() as { messages: MirrorMessage[] }
    ).messages;

  it('streams the messages stored, then each new one as it comes, as the mirror REST has them', async () => {
    const topicId = await newTopic();
    await submit(topicId, 'first');
    await submit(topicId, 'second');
    const subscription = subscribe(
      ledger.client,
      new TopicMessageQuery().setTopicId(topicId).setStartTime(0),
      4,
    );
    await expect.poll(() => subscription.messages.length, { timeout: 10_000 }).toBe(2);
    await submit(topicId, 'third');
    await submit(topicId, 'fourth');
    await subscription.done;
    subscription.unsubscribe();

    expect(subscription.messages.map((each) => Buffer.from(each.contents).toString())).toEqual([
      'first',
      'second',
      'third',
      'fourth',
    ]);
    const stored = await mirrorMessages(topicId);
    expect(
      subscription.messages.map((each) => ({
        consensus_timestamp: each.consensusTimestamp.toString(),
        message: Buffer.from(each.contents).toString('base64'),
        running_hash: Buffer.from(each.runningHash).toString('base64'),
        sequence_number: Number(each.sequenceNumber),
      })),
    ).toEqual(
      stored.map(({ consensus_timestamp, message, running_hash, sequence_number }) => ({
        consensus_timestamp,
        message,
        running_hash,
        sequence_number,
      })),
    );
  });

  it('assembles a chunked message from its chunks, and ends at the limit', async () => {
    const topicId = await newTopic();
    // Six thousand bytes: the SDK sends them in six chunks of at most 1,024.
    const long = 'chunk '.repeat(1_000);
    await submit(topicId, long);
    await submit(topicId, 'after');
    await submit(topicId, 'past the limit');
    // The limit counts what the stream sends: six chunks and one message.
    const subscription = subscribe(
      ledger.client,
      new TopicMessageQuery().setTopicId(topicId).setStartTime(0).setLimit(7),
      3,
    );
    await subscription.done;
    expect(subscription.completed()).toBe(true);
    expect(subscription.messages.map((each) => each.chunks?.length ?? 1)).toEqual([6, 1]);
    expect(subscription.messages.map((each) => Buffer.from(each.contents).toString())).toEqual([
      long,
      'after',
    ]);
  });

  it('ends a subscription with an end time once that time has passed', async () => {
    const topicId = await newTopic();
    await submit(topicId, 'inside');
    const end = new Date(Date.now() + 200);
    const subscription = subscribe(
      ledger.client,
      new TopicMessageQuery().setTopicId(topicId).setStartTime(0).setEndTime(end),
      99,
    );
    await subscription.done;
    expect(subscription.completed()).toBe(true);
    expect(subscription.messages.map((each) => Buffer.from(each.contents).toString())).toEqual(['inside']);
  });

  it("answers the API's status for a topic it does not have and for an end before the start", async () => {
    const Consensus = grpc.makeGenericClientConstructor(
      loadMirrorServices().ConsensusService,
      'ConsensusService',
    );
    const raw = new Consensus(mirrorAddress, grpc.credentials.createInsecure()) as unknown as {
      subscribeTopic(request: object): grpc.ClientReadableStream<unknown>;
      close(): void;
    };
    const statusOf = (request: object) =>
      new Promise<grpc.status>((resolve) => {
        const stream = raw.subscribeTopic(request);
        stream.on('data', () => undefined);
        stream.on('error', (error: grpc.ServiceError) => resolve(error.code));
        stream.on('end', () => resolve(grpc.status.OK));
      });
    try {
      expect(await statusOf({ topicID: { topicNum: 999_999 } })).toBe(grpc.status.NOT_FOUND);
      const topicId = await newTopic();
      expect(
        await statusOf({
          topicID: { topicNum: topicId.num.toString() },
          consensusStartTime: { seconds: 100 },
          consensusEndTime: { seconds: 50 },
        }),
      ).toBe(grpc.status.INVALID_ARGUMENT);
    } finally {
      raw.close();
    }
  });

  it("gives the address book's nodes, as the file service's 0.0.102 lists them", async () => {
    const book = await new AddressBookQuery()
      .setFileId(FileId.getAddressBookFileIdFor(0, 0))
      .execute(ledger.client);
    expect(book.nodeAddresses).toHaveLength(1);
    const [node] = book.nodeAddresses;
    expect(node!.accountId!.toString()).toBe('0.0.3');
    expect(node!.addresses.map((endpoint) => `${endpoint.address!.toString()}:${endpoint.port}`)).toEqual([
      `127.0.0.1:${nodePort}`,
    ]);
  });
});
