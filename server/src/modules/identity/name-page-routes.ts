import * as z from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainNameSchema } from '@registry/contracts/domains';
import type { DomainService } from '../domains/service';
import type { RecordService } from '../records/service';
import { renderNamePage, renderUnknownNamePage } from './name-page';
import type { IdentityService } from './service';

type Options = {
  domains: Pick<DomainService, 'publicView'>;
  records: Pick<RecordService, 'resolve'>;
  identity: Pick<IdentityService, 'reverseMany'>;
  publicUrl: string;
  rateLimit: { max: number; timeWindow: number };
};

/** `GET /n/{name}`: a name's public page, rendered here as HTML without any script. */
export const namePageRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { domains, records, identity, publicUrl, rateLimit },
) => {
  app.get(
    '/n/:name',
    {
      config: { rateLimit },
      schema: {
        summary: "A name's public page (HTML with Open Graph tags): owner, expiry, status, records",
        tags: ['resolver'],
        params: z.object({ name: z.string().max(300) }),
      },
    },
    async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
      const parsed = DomainNameSchema.safeParse(request.params.name);
      const view = parsed.success ? await domains.publicView(parsed.data) : null;
      if (!view) return reply.status(404).send(renderUnknownNamePage(request.params.name));
      const [recordsOfName, owners] = await Promise.all([
        records.resolve(view.name),
        identity.reverseMany([view.owner]),
      ]);
      return reply.send(
        renderNamePage({
          ...view,
          ownerPrimaryName: owners.names[view.owner] ?? null,
          records: recordsOfName,
          pageUrl: `${publicUrl}/n/${encodeURIComponent(view.name)}`,
          avatarUrl: `${publicUrl}/profile/dp/${view.owner}.dp`,
        }),
      );
    },
  );
};
