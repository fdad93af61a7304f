import {
  Client,
  PrivateKey,
  Status,
  TopicCreateTransaction,
  TopicDeleteTransaction,
  TopicInfoQuery,
  TopicMessageSubmitTransaction,
  TopicUpdateTransaction,
  TransactionReceiptQuery,
  type TransactionResponse,
} from '@hashgraph/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_ACCOUNT } from '../ledger-accounts';
import type { LedgerServer } from '../ledger-server';
import { startGrpcLedger, type GrpcLedger } from '../testing/grpc-ledger';
import { ledgerEngineCases } from '../testing/ledger-test-server';
import { expectSchema } from '../testing/mirror-openapi';
import { runningHashOf } from '../topic-transactions';

type MirrorMessage = {
  chunk_info: { number: number; total: number; initial_transaction_id: { account_id: string } } | null;
  consensus_timestamp: string;
  message: string;
  payer_account_id: string;
  running_hash: string;
  running_hash_version: number;
  sequence_number: number;
  topic_id: string;
};

/**
 * The consensus service as the SDK's topic programs use it over gRPC (create, update, delete, info,
 * submit, chunked submit), and the mirror REST's topic routes that read what it took.
 */
describe.each(ledgerEngineCases)('the consensus service on $engine', ({ open }) => {
  let server: LedgerServer;
  let client: Client;
  let grpc: GrpcLedger | undefined;

  beforeAll(async () => {
    ({ server, client } = grpc = await startGrpcLedger(open));
  });
  afterAll(() => grpc?.close());

  const mirror = async <T>(path: string) => {
    const answer = await server.app.inject({ method: 'GET', url: `/ledger/api/v1${path}` });
    return { status: answer.statusCode, body: answer.json() as T };
  };
  const receiptOf = (response: TransactionResponse) =>
    new TransactionReceiptQuery()
      .setTransactionId(response.transactionId)
      .setValidateStatus(false)
      .execute(client);

  async function newTopic(submitKey?: PrivateKey, adminKey?: PrivateKey) {
    let create = new TopicCreateTransaction().setTopicMemo('registry journal');
    if (submitKey) create = create.setSubmitKey(submitKey.publicKey);
    if (adminKey) create = create.setAdminKey(adminKey.publicKey);
    const frozen = create.freezeWith(client);
    if (adminKey) await frozen.sign(adminKey);
    const receipt = await (await frozen.execute(client)).getReceipt(client);
    expect(receipt.status).toBe(Status.Success);
    return receipt.topicId!.toString();
  }

  it('creates a topic and takes messages in order, each receipt with its sequence number and running hash', async () => {
    const topicId = await newTopic();
    const info = await new TopicInfoQuery().setTopicId(topicId).execute(client);
    expect(info.topicMemo).toBe('registry journal');
    expect(info.sequenceNumber.toString()).toBe('0');

    const receipts = [];
    for (const text of ['first', 'second']) {
      const response = await new TopicMessageSubmitTransaction()
        .setTopicId(topicId)
        .setMessage(text)
        .execute(client);
      receipts.push(await response.getReceipt(client));
    }
    expect(receipts.map((receipt) => receipt.topicSequenceNumber?.toString())).toEqual(['1', '2']);
    expect(receipts.every((receipt) => receipt.topicRunningHash?.length === 48)).toBe(true);

    const { body } = await mirror<{ messages: MirrorMessage[]; links: { next: string | null } }>(
      `/topics/${topicId}/messages`,
    );
    expectSchema('TopicMessagesResponse', body);
    expect(body.messages.map((message) => Buffer.from(message.message, 'base64').toString())).toEqual([
      'first',
      'second',
    ]);
    expect(body.messages[1]).toMatchObject({
      topic_id: topicId,
      sequence_number: 2,
      payer_account_id: GENESIS_ACCOUNT,
      running_hash_version: 3,
      // The SDK sends every message as chunks, a short one as chunk 1 of 1.
      chunk_info: expect.objectContaining({ number: 1, total: 1 }),
      running_hash: Buffer.from(receipts[1]!.topicRunningHash!).toString('base64'),
    });
    // Each running hash chains the one before it.
    const [first, second] = body.messages;
    const [seconds, nanos] = second!.consensus_timestamp.split('.');
    expect(
      runningHashOf({
        previous: Buffer.from(first!.running_hash, 'base64'),
        payer: GENESIS_ACCOUNT,
        topicId,
        consensusNs: BigInt(seconds!) * 1_000_000_000n + BigInt(nanos!),
        sequenceNumber: 2,
        message: Buffer.from('second'),
      }).toString('base64'),
    ).toBe(second!.running_hash);
    const one = await mirror<MirrorMessage>(`/topics/${topicId}/messages/1`);
    expectSchema('TopicMessage', one.body);
    expect(Buffer.from(one.body.message, 'base64').toString()).toBe('first');
    expect((await mirror(`/topics/${topicId}/messages/3`)).status).toBe(404);
  });

  it('splits a long message into chunks that the mirror node lists with their chunk info', async () => {
    const topicId = await newTopic();
    const long = 'journal entry '.repeat(200);
    await new TopicMessageSubmitTransaction()
      .setTopicId(topicId)
      .setMessage(long)
      .setMaxChunks(5)
      .execute(client);
    const { body } = await mirror<{ messages: MirrorMessage[] }>(`/topics/${topicId}/messages?limit=10`);
    expectSchema('TopicMessagesResponse', body);
    expect(body.messages.map((message) => message.chunk_info?.number)).toEqual([1, 2, 3]);
    expect(body.messages.every((message) => message.chunk_info?.total === 3)).toBe(true);
    expect(
      body.messages.every(
        (message) => message.chunk_info?.initial_transaction_id.account_id === GENESIS_ACCOUNT,
      ),
    ).toBe(true);
    expect(body.messages.map((message) => Buffer.from(message.message, 'base64').toString()).join('')).toBe(
      long,
    );
  });

  it('takes a message to a topic with a submit key only when that key signed it', async () => {
    const submitKey = PrivateKey.generateED25519();
    const topicId = await newTopic(submitKey);
    const unsigned = await new TopicMessageSubmitTransaction()
      .setTopicId(topicId)
      .setMessage('x')
      .execute(client);
    expect((await receiptOf(unsigned)).status).toBe(Status.InvalidSignature);
    const signed = await (
      await new TopicMessageSubmitTransaction()
        .setTopicId(topicId)
        .setMessage('y')
        .freezeWith(client)
        .sign(submitKey)
    ).execute(client);
    expect((await signed.getReceipt(client)).topicSequenceNumber?.toString()).toBe('1');
    const topic = await mirror<{ submit_key: { key: string } | null; memo: string }>(`/topics/${topicId}`);
    expectSchema('Topic', topic.body);
    expect(topic.body.submit_key?.key).toBe(submitKey.publicKey.toStringRaw());
  });

  it('updates and deletes a topic with its admin key; a deleted topic takes no message', async () => {
    const adminKey = PrivateKey.generateED25519();
    const topicId = await newTopic(undefined, adminKey);
    const withoutAdmin = await new TopicUpdateTransaction()
      .setTopicId(topicId)
      .setTopicMemo('changed')
      .execute(client);
    expect((await receiptOf(withoutAdmin)).status).toBe(Status.InvalidSignature);
    const updated = await (
      await new TopicUpdateTransaction()
        .setTopicId(topicId)
        .setTopicMemo('changed')
        .freezeWith(client)
        .sign(adminKey)
    ).execute(client);
    expect((await updated.getReceipt(client)).status).toBe(Status.Success);
    expect((await mirror<{ memo: string }>(`/topics/${topicId}`)).body.memo).toBe('changed');

    const deleted = await (
      await new TopicDeleteTransaction().setTopicId(topicId).freezeWith(client).sign(adminKey)
    ).execute(client);
    expect((await deleted.getReceipt(client)).status).toBe(Status.Success);
    const late = await new TopicMessageSubmitTransaction()
      .setTopicId(topicId)
      .setMessage('late')
      .execute(client);
    expect((await receiptOf(late)).status).toBe(Status.InvalidTopicId);
    expect((await mirror<{ deleted: boolean }>(`/topics/${topicId}`)).body.deleted).toBe(true);
    // A topic made without an admin key cannot be changed at all.
    const fixed = await newTopic();
    const refused = await new TopicDeleteTransaction().setTopicId(fixed).execute(client);
    expect((await receiptOf(refused)).status).toBe(Status.Unauthorized);
  });
});
