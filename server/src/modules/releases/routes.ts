import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/session-routes';
import { HttpError } from '../../http-error';
import { remoteNamed, type ReleaseService } from './service';

type Options = {
  releases: ReleaseService;
  /** DEPLOY_TOKEN; without it every deploy route answers 404 (as if absent). */
  deployToken: string | undefined;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Constant-time: the answer takes as long whatever part of the token is right. */
function tokenMatches(given: string | undefined, expected: string) {
  return given !== undefined && timingSafeEqual(digest(given), digest(expected));
}

const errors = errorResponses(400, 401, 404, 409, 503);
const RemoteParams = z.object({ remote: z.string().max(40) });
const BuildSchema = z.object({ contracts: z.string(), bus: z.string() }).nullable();
const SwitchSchema = z.object({
  remote: z.string(),
  live: z.string().nullable(),
  previous: z.string().nullable(),
});

/** Every remote's releases, the live one, its canary and its recent switches. */
const ReleaseListSchema = z.object({
  remotes: z.array(
    z.object({
      remote: z.string(),
      live: z.string().nullable(),
      canary: z.object({ version: z.string(), percent: z.number() }).nullable(),
      releases: z.array(
        z.object({
          version: z.string(),
          createdAt: z.string(),
          files: z.number(),
          bytes: z.number(),
          build: BuildSchema,
        }),
      ),
      history: z.array(
        z.object({
          version: z.string().nullable(),
          previousVersion: z.string().nullable(),
          actor: z.string(),
          activatedAt: z.string(),
        }),
      ),
    }),
  ),
});

/** The deploy API of feature teams: publish a release, switch or roll back a remote (DEPLOY_TOKEN). */
export const releaseRoutes: FastifyPluginAsyncZod<Options> = async (app, { releases, deployToken }) => {
  app.addHook('onRequest', async (request) => {
    if (!deployToken)
      throw new HttpError(404, 'DEPLOYS_OFF', 'Releases are off on this server: set DEPLOY_TOKEN');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!tokenMatches(bearer, deployToken)) {
      request.log.warn({ audit: 'deploy-refused', ip: request.ip, url: request.url }, 'deploy token refused');
      throw new HttpError(401, 'UNAUTHORIZED', 'A valid deploy token is required (Authorization: Bearer …)');
    }
  });

  app.get(
    '/admin/remotes',
    {
      schema: {
        summary: "Every remote's releases, the live one and its recent switches",
        tags: ['deploy'],
        response: {
          200: ReleaseListSchema,
          ...errors,
        },
      },
    },
    async () => ({ remotes: await releases.list() }),
  );
  // Only these two: the options of this plugin also carry its prefix.
  await app.register(recordRoutes, { releases, deployToken });
  await app.register(switchRoutes, { releases, deployToken });
};

/** A release folder recorded, and served to a share of browsers. */
const recordRoutes: FastifyPluginAsyncZod<Options> = async (app, { releases }) => {
  app.post(
    '/admin/remotes/:remote/releases',
    {
      schema: {
        summary: 'Record a release folder written under RELEASES_DIR (its files must hash to its version)',
        tags: ['deploy'],
        params: RemoteParams,
        body: z.object({ version: z.string().max(40) }),
        response: {
          201: z.object({
            remote: z.string(),
            version: z.string(),
            files: z.number(),
            bytes: z.number(),
            build: BuildSchema,
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const row = await releases.record(remoteNamed(request.params.remote), request.body.version);
      return reply.status(201).send({
        remote: row.remote,
        version: row.version,
        files: row.files,
        bytes: row.bytes,
        build: row.build,
      });
    },
  );

  app.post(
    '/admin/remotes/:remote/canary',
    {
      schema: {
        summary:
          'Serve a recorded release to a share of browsers (each keeps its share), or stop (percent 0)',
        tags: ['deploy'],
        params: RemoteParams,
        body: z.object({ version: z.string().max(40), percent: z.number().int().min(0).max(99) }),
        response: {
          200: z.object({ remote: z.string(), version: z.string(), percent: z.number() }),
          ...errors,
        },
      },
    },
    async (request) =>
      releases.setCanary(
        remoteNamed(request.params.remote),
        request.body.version,
        request.body.percent,
        request.ip,
      ),
  );
};

/** A remote switched to a recorded release for every server on the database, or rolled back. */
const switchRoutes: FastifyPluginAsyncZod<Options> = async (app, { releases }) => {
  app.post(
    '/admin/remotes/:remote',
    {
      schema: {
        summary: "Switch a remote's live version for every server on the database, or roll it back",
        tags: ['deploy'],
        params: RemoteParams,
        body: z.union([
          z.object({ rollback: z.literal(true), expectedActive: z.string().nullable().optional() }),
          z.object({
            version: z.string().max(40).nullable(),
            expectedActive: z.string().nullable().optional(),
          }),
        ]),
        response: { 200: SwitchSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      return releases.activate(
        remoteNamed(request.params.remote),
        'rollback' in body
          ? { rollback: true, expectedActive: body.expectedActive }
          : { version: body.version, expectedActive: body.expectedActive },
        request.ip,
      );
    },
  );
};
