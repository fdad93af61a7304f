import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq } from 'drizzle-orm';
import { ENTITY_ID, parseTimestamp } from '@registry/contracts/hedera-ids';
import type { LedgerDb as Db } from './ledger-db';
import {
  all,
  mirrorError,
  mirrorKey,
  nextLink,
  one,
  OPERATORS,
  parseLimit,
  parseOrder,
  type Op,
  type Query,
} from './mirror-format';
import { ledgerTopicMessages, ledgerTopics } from './schema';

type MessageRow = typeof ledgerTopicMessages.$inferSelect;

/** A topic message as the mirror node answers it. */
function toMirrorMessage(row: MessageRow) {
  return {
    chunk_info: row.chunkInfo ?? null,
    consensus_timestamp: row.consensusTimestamp,
    message: row.message,
    payer_account_id: row.payerAccount,
    running_hash: row.runningHash,
    running_hash_version: row.runningHashVersion,
    sequence_number: row.sequenceNumber,
    topic_id: row.topicId,
  };
}

/**
 * The mirror node's topic routes, in its shape (its OpenAPI): a topic's details, its messages by
 * sequence number or consensus time, and one message by its sequence number.
 */
export async function registerMirrorTopicRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Params: { id: string } }>(
    '/ledger/api/v1/topics/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      if (!ENTITY_ID.test(id)) return mirrorError(reply, 400, 'Invalid parameter: topic.id');
      const [topic] = await db.select().from(ledgerTopics).where(eq(ledgerTopics.topicId, id));
      if (!topic) return mirrorError(reply, 404, 'Not found');
      return {
        admin_key: mirrorKey(topic.adminKey, topic.adminKeyType),
        auto_renew_account: topic.autoRenewAccount,
        auto_renew_period: topic.autoRenewPeriod,
        created_timestamp: topic.createdTimestamp,
        custom_fees: {
          created_timestamp: topic.customFeesTimestamp ?? topic.createdTimestamp,
          fixed_fees: topic.customFees.map((fee) => ({
            amount: Number(fee.amount),
            collector_account_id: fee.collector,
            denominating_token_id: fee.tokenId,
          })),
        },
        deleted: topic.deleted,
        fee_exempt_key_list: topic.feeExemptKeys.map((key) => mirrorKey(key.key, key.type)),
        fee_schedule_key: mirrorKey(topic.feeScheduleKey, topic.feeScheduleKeyType),
        memo: topic.memo,
        submit_key: mirrorKey(topic.submitKey, topic.submitKeyType),
        timestamp: { from: topic.modifiedTimestamp, to: null },
        topic_id: topic.topicId,
      };
    },
  );

  app.get<{ Params: { id: string }; Querystring: Query }>(
    '/ledger/api/v1/topics/:id/messages',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      if (!ENTITY_ID.test(id)) return mirrorError(reply, 400, 'Invalid parameter: topic.id');
      const query = request.query;
      const limit = parseLimit(one(query.limit));
      if (limit === null) return mirrorError(reply, 400, 'Invalid parameter: limit');
      const order = parseOrder(one(query.order), 'asc');
      if (order === null) return mirrorError(reply, 400, 'Invalid parameter: order');
      const sequences = all(query.sequencenumber).map((value) =>
        /^(?:(eq|gt|gte|lt|lte):)?(\d{1,19})$/.exec(value),
      );
      if (sequences.some((match) => match === null))
        return mirrorError(reply, 400, 'Invalid parameter: sequencenumber');
      const timestamps = all(query.timestamp).map((value) =>
        /^(?:(eq|gt|gte|lt|lte):)?(\d{1,10})(?:\.(\d{1,9}))?$/.exec(value),
      );
      if (timestamps.some((match) => match === null))
        return mirrorError(reply, 400, 'Invalid parameter: timestamp');
      const [topic] = await db
        .select({ id: ledgerTopics.topicId })
        .from(ledgerTopics)
        .where(eq(ledgerTopics.topicId, id));
      if (!topic) return mirrorError(reply, 404, 'Not found');
      const rows = await db
        .select()
        .from(ledgerTopicMessages)
        .where(
          and(
            eq(ledgerTopicMessages.topicId, id),
            ...sequences.map((match) =>
              OPERATORS[(match![1] ?? 'eq') as Op](ledgerTopicMessages.sequenceNumber, Number(match![2])),
            ),
            ...timestamps.map((match) =>
              OPERATORS[(match![1] ?? 'eq') as Op](
                ledgerTopicMessages.consensusNs,
                parseTimestamp(`${match![2]}.${match![3] ?? '0'}`),
              ),
            ),
          ),
        )
        .orderBy(
          order === 'asc'
            ? asc(ledgerTopicMessages.sequenceNumber)
            : desc(ledgerTopicMessages.sequenceNumber),
        )
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        messages: page.map(toMirrorMessage),
        links: {
          next:
            rows.length > limit && last
              ? nextLink(`/api/v1/topics/${id}/messages`, {
                  limit: String(limit),
                  order,
                  sequencenumber: `${order === 'asc' ? 'gt' : 'lt'}:${last.sequenceNumber}`,
                })
              : null,
        },
      };
    },
  );

  app.get<{ Params: { id: string; sequence: string } }>(
    '/ledger/api/v1/topics/:id/messages/:sequence',
    { schema: { hide: true } },
    async (request, reply) => {
      const { id, sequence } = request.params;
      if (!ENTITY_ID.test(id)) return mirrorError(reply, 400, 'Invalid parameter: topic.id');
      if (!/^\d{1,19}$/.test(sequence) || Number(sequence) < 1)
        return mirrorError(reply, 400, 'Invalid parameter: sequenceNumber');
      const [row] = await db
        .select()
        .from(ledgerTopicMessages)
        .where(
          and(eq(ledgerTopicMessages.topicId, id), eq(ledgerTopicMessages.sequenceNumber, Number(sequence))),
        );
      if (!row) return mirrorError(reply, 404, 'Not found');
      return toMirrorMessage(row);
    },
  );
}
