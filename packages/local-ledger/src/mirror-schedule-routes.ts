import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ENTITY_ID, formatTimestamp } from '@registry/contracts/hedera-ids';
import type { LedgerDb as Db } from './ledger-db';
import { mirrorError, mirrorKey } from './mirror-format';
import { ledgerSchedules } from './schema';

/** A schedule as the mirror node shows it: its body, its signatures, when it ran or was deleted. */
export function registerScheduleRoutes(app: FastifyInstance, db: Db) {
  app.get<{ Params: { id: string } }>(
    '/ledger/api/v1/schedules/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!ENTITY_ID.test(request.params.id)) return mirrorError(reply, 400, 'Invalid parameter: scheduleId');
      const [schedule] = await db
        .select()
        .from(ledgerSchedules)
        .where(eq(ledgerSchedules.scheduleId, request.params.id));
      if (!schedule) return mirrorError(reply, 404, 'Not found');
      return {
        admin_key: mirrorKey(schedule.adminKey, schedule.adminKeyType),
        consensus_timestamp: schedule.createdTimestamp,
        creator_account_id: schedule.creatorAccount,
        deleted: schedule.deletedTimestamp !== null,
        executed_timestamp: schedule.executedTimestamp,
        expiration_time: formatTimestamp(schedule.expirationNs),
        memo: schedule.memo,
        payer_account_id: schedule.payerAccount,
        schedule_id: schedule.scheduleId,
        signatures: schedule.signatories.map((signatory) => ({
          consensus_timestamp: signatory.consensusTimestamp,
          public_key_prefix: Buffer.from(signatory.publicKey, 'hex').toString('base64'),
          signature: signatory.signature,
          type: signatory.type,
        })),
        transaction_body: Buffer.from(schedule.body).toString('base64'),
        wait_for_expiry: schedule.waitForExpiry,
      };
    },
  );
}
