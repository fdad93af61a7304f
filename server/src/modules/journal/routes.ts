import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JournalInfoSchema } from '@registry/contracts/journal';
import type { RateLimit } from '../../plugins/session-routes';
import type { JournalService } from './service';

/** Where the registry's journal and collections are on the ledger, for anyone who audits it. */
export const journalRoutes: FastifyPluginAsyncZod<{
  journal: JournalService;
  collections: () => Promise<string[]>;
  rateLimit: RateLimit;
}> = async (app, { journal, collections, rateLimit }) => {
  app.get(
    '/journal',
    {
      config: { rateLimit },
      schema: {
        summary: "The registry's journal topic and collections on the ledger",
        tags: ['resolver'],
        response: { 200: JournalInfoSchema },
      },
    },
    async () => {
      const [topicId, listed, status] = await Promise.all([
        journal.topicId(),
        collections(),
        journal.status(),
      ]);
      return {
        topicId,
        collections: listed,
        lastSequenceNumber: status.lastSequenceNumber,
        unsent: status.unsent,
      };
    },
  );
};
