import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { ApiErrorSchema } from '@registry/contracts/api-error';
import { PictureUploadResponseSchema } from '@registry/contracts/profile';
import { badRequest } from '../../http-error';
import { sessionAccount } from '../../plugins/sessions';
import { generatedAvatar, PICTURE_MAX_BYTES, type PictureService } from './picture';

type Options = { pictures: PictureService; requireSession: (request: FastifyRequest) => Promise<void> };

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** Served pictures are images only: no script, no style, no frame, whatever their bytes say. */
const PICTURE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'Content-Disposition': 'inline',
  'Cache-Control': 'no-cache',
};

/** The profile picture: uploaded by its account, served to anyone at `/profile/dp/{account}.dp`. */
export const pictureRoutes: FastifyPluginAsyncZod<Options> = async (app, { pictures, requireSession }) => {
  // Image bodies arrive as bytes (only in this plugin); their type is checked from the bytes.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: PICTURE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/api/my/profile/picture',
    {
      onRequest: requireSession,
      schema: {
        summary: 'Upload the profile picture: a PNG, JPEG or WebP image of at most 512 KB as the body',
        tags: ['my'],
        response: {
          200: PictureUploadResponseSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body))
        throw badRequest('BAD_IMAGE', 'Send the picture as an image/png, image/jpeg or image/webp body');
      return pictures.set(sessionAccount(request), request.body);
    },
  );

  app.get(
    '/profile/dp/:file',
    {
      schema: {
        summary: "An account's profile picture, or a generated one when it has none",
        tags: ['my'],
        params: z.object({ file: z.string().check(z.regex(/^\d{1,10}\.\d{1,10}\.\d{1,12}\.dp$/)) }),
      },
    },
    async (request, reply) => {
      const accountId = request.params.file.slice(0, -'.dp'.length);
      const picture = await pictures.get(accountId);
      reply.headers(PICTURE_HEADERS);
      if (!picture) return reply.type('image/svg+xml').send(generatedAvatar(accountId));
      return reply.type(picture.contentType).send(picture.image);
    },
  );
};
