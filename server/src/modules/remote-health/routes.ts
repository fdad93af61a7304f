import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REMOTE_NAMES } from '@registry/contracts/remotes';
import {
  MAX_HEALTH_COUNT,
  MAX_HEALTH_ROWS,
  REMOTE_HEALTH_KINDS,
  REMOTE_HEALTH_PATH,
} from '@registry/contracts/remote-health';
import { HttpError } from '../../http-error';
import { errorResponses } from '../../plugins/session-routes';
import type { RemoteHealthService } from './service';

type Options = {
  health: RemoteHealthService;
  rateLimit: { max: number; timeWindow: number };
};

const ReportSchema = z.object({
  counts: z
    .array(
      z.object({
        remote: z.enum(REMOTE_NAMES),
        version: z
          .string()
          .max(40)
          .regex(/^[\w.-]+$/),
        kind: z.enum(REMOTE_HEALTH_KINDS),
        count: z.number().int().min(1).max(MAX_HEALTH_COUNT),
      }),
    )
    .max(MAX_HEALTH_ROWS),
});

/**
 * `POST /api/remote-health`: what a browser saw of the remotes it ran (`navigator.sendBeacon`). It
 * reads no cookie and keeps nothing of the sender; each report is small and the allowance per address
 * and per minute is bounded, so a flood can only add bounded counts (and holds promotions while it lasts).
 */
export const remoteHealthRoutes: FastifyPluginAsyncZod<Options> = async (app, { health, rateLimit }) => {
  app.post(
    REMOTE_HEALTH_PATH,
    {
      bodyLimit: 4096,
      config: { rateLimit: { ...rateLimit, onExceeded: () => health.refused() } },
      schema: {
        summary: "Counts of a remote version's page mounts and errors seen in a browser",
        tags: ['deploy'],
        body: ReportSchema,
        response: {
          202: z.object({ accepted: z.number(), ignored: z.number() }),
          ...errorResponses(400, 429),
        },
      },
    },
    async (request, reply) => {
      if (!health.admit())
        throw new HttpError(429, 'TOO_MANY_REPORTS', 'Too many health reports right now: try again later');
      return reply.status(202).send(await health.accept(request.body.counts));
    },
  );
};
