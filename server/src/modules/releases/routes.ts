import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/session-routes';
import { HttpError } from '../../http-error';
import type { CanaryJudge } from './canary-judge';
import { remoteNamed, type ReleaseService } from './service';

type Options = {
  releases: ReleaseService;
  /** Each remote's live and canary versions with what browsers reported of them. */
  health: CanaryJudge['status'];
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

/** A canary judged by the server: its window (seconds) and the page loads each version needs first. */
const AutoSchema = z.object({
  windowSeconds: z
    .number()
    .int()
    .min(10)
    .max(7 * 24 * 3600),
  minMounts: z.number().int().min(1).max(1_000_000),
});

const FiguresSchema = z.object({
  version: z.string(),
  mounts: z.number(),
  loadFailures: z.number(),
  renderErrors: z.number(),
  unhandled: z.number(),
  loads: z.number(),
  errors: z.number(),
  rate: z.number(),
});

/** Every remote's releases, the live one, its canary and its recent switches. */
const ReleaseListSchema = z.object({
  remotes: z.array(
    z.object({
      remote: z.string(),
      live: z.string().nullable(),
      canary: z
        .object({
          version: z.string(),
          percent: z.number(),
          auto: AutoSchema.nullable(),
          startedAt: z.string(),
        })
        .nullable(),
      decisions: z.array(
        z.object({ version: z.string(), outcome: z.string(), reason: z.string(), decidedAt: z.string() }),
      ),
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
export const releaseRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { releases, health, deployToken },
) => {
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
  app.get(
    '/admin/remotes/health',
    {
      schema: {
        summary:
          "Each remote's live and canary versions with their page loads and error rates, since the canary began (else the last hour)",
        tags: ['deploy'],
        response: {
          200: z.object({
            remotes: z.array(
              z.object({
                remote: z.string(),
                since: z.string(),
                live: FiguresSchema,
                canary: FiguresSchema.extend({ percent: z.number(), auto: AutoSchema.nullable() }).nullable(),
              }),
            ),
          }),
          ...errors,
        },
      },
    },
    async () => ({ remotes: await health() }),
  );
  // Only these two: the options of this plugin also carry its prefix.
  await app.register(recordRoutes, { releases, health, deployToken });
  await app.register(switchRoutes, { releases, health, deployToken });
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
        body: z.object({
          version: z.string().max(40),
          percent: z.number().int().min(0).max(99),
          auto: AutoSchema.optional(),
        }),
        response: {
          200: z.object({
            remote: z.string(),
            version: z.string(),
            percent: z.number(),
            auto: AutoSchema.nullable(),
          }),
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
        request.body.auto ?? null,
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
