import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountIdSchema } from '@registry/contracts/account';
import { ExpiryRemindersSchema } from '@registry/contracts/profile';
import { paths } from '@registry/contracts/routes';
import { HttpError } from '../../http-error';
import { sessionRoutes, type SessionRouteOptions, type RateLimit } from '../../plugins/session-routes';
import type { ReminderService } from './service';
import { confirmPage, doneHtml, invalidLinkPage } from './unsubscribe-page';
import { OK_STATUS } from '@registry/contracts/status-codes';

type Options = SessionRouteOptions & {
  reminders: Pick<ReminderService, 'setOptIn' | 'unsubscribe' | 'checkToken'>;
  rateLimit: RateLimit;
};

const UNSUBSCRIBE_PATH = '/expiry-reminders/unsubscribe';
const UnsubscribeQuerySchema = z.object({
  account: AccountIdSchema,
  token: z.string().min(16).max(100),
});

export const reminderRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { reminders, requireSession, rateLimit },
) => {
  sessionRoutes(app, requireSession, ['my'])(
    'PUT',
    '/my/expiry-reminders',
    {
      summary: "Turn mails before the account's names expire on or off (on needs a verified email)",
      body: ExpiryRemindersSchema,
      response: ExpiryRemindersSchema,
      rateLimit,
    },
    async (account, { body }) => ({ enabled: await reminders.setOptIn(account, body.enabled) }),
  );

  // One-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form; the page's button too.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get(
    UNSUBSCRIBE_PATH,
    {
      config: { rateLimit },
      schema: {
        summary: "The page of a reminder mail's unsubscribe link: asks before it turns reminders off",
        tags: ['my'],
        querystring: UnsubscribeQuerySchema,
      },
    },
    async (request, reply) => {
      const { account, token } = request.query;
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
      try {
        await reminders.checkToken(account, token);
      } catch (error) {
        if (error instanceof HttpError) return reply.status(400).send(invalidLinkPage());
        throw error;
      }
      const action = `/api${UNSUBSCRIBE_PATH}?${new URLSearchParams({ account, token }).toString()}`;
      return reply.send(confirmPage(account, action));
    },
  );

  app.post(
    UNSUBSCRIBE_PATH,
    {
      config: { rateLimit },
      schema: {
        summary: "Turn an account's expiry reminders off from a mail's signed link (one-click, RFC 8058)",
        tags: ['my'],
        querystring: UnsubscribeQuerySchema,
        // Answers an HTML page to a browser (Accept: text/html), `{ status, msg }` to a mail program.
      },
    },
    async (request, reply) => {
      const { account, token } = request.query;
      await reminders.unsubscribe(account, token);
      if (request.headers.accept?.includes('text/html')) {
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(doneHtml(account, paths.profile('orders')));
      }
      return { status: OK_STATUS, msg: `${account} gets no more expiry reminders` };
    },
  );
};
