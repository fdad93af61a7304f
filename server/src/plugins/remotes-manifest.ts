import { createHash, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  REMOTE_ENTRY_FILE,
  REMOTE_FOLDERS,
  REMOTE_NAMES,
  remoteEntryAddress,
} from '@registry/contracts/remotes';
import { RemotesManifestSchema, type RemotesManifest } from '@registry/contracts/remote-list';
import type { AppConfig } from '../config';
import { requestCookie, setCookie } from './cookies';

/**
 * Where the shell finds each remote: a file (`REMOTES_FILE`), per-remote variables
 * (`REMOTE_URL_SEARCH=https://…/remoteEntry.js`; an address of its `mf-manifest.json` names the entry
 * beside it), else this server's own copy of the build.
 */
export async function resolveRemotesManifest(
  config: Pick<AppConfig, 'REMOTES_FILE' | 'remoteUrlOverrides'>,
): Promise<RemotesManifest> {
  const fromFile = config.REMOTES_FILE
    ? RemotesManifestSchema.parse(JSON.parse(await readFile(config.REMOTES_FILE, 'utf8')))
    : { remotes: [] };
  const remotes = REMOTE_NAMES.map((name) => ({
    name,
    entry: remoteEntryAddress(
      config.remoteUrlOverrides[name] ??
        fromFile.remotes.find((remote) => remote.name === name)?.entry ??
        `/remotes/${REMOTE_FOLDERS[name]}/${REMOTE_ENTRY_FILE}`,
    ),
  }));
  return RemotesManifestSchema.parse({ remotes });
}

/** The cookie that keeps a browser in one share (0–99) of canary releases. */
const BUCKET_COOKIE = 'registry_canary';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The browser's bucket (0–99) from its cookie; a browser without one is given one, kept for a year. */
export function browserBucket(request: FastifyRequest, reply: FastifyReply): number {
  const stored = Number(requestCookie(request, BUCKET_COOKIE));
  const bucket = Number.isInteger(stored) && stored >= 0 && stored < 100 ? stored : randomInt(100);
  if (bucket !== stored)
    setCookie(reply, BUCKET_COOKIE, String(bucket), {
      path: '/',
      maxAge: YEAR_SECONDS,
      sameSite: 'lax',
      httpOnly: true,
    });
  return bucket;
}

/**
 * `/remotes.json`: read anew on every page load (no-cache), answered 304 when its ETag still holds. A
 * browser gets a bucket (0–99) on its first read and keeps it, so a canary's share stays the same browsers.
 */
export function registerRemotesManifest(
  app: FastifyInstance,
  manifest: (bucket: number) => Promise<RemotesManifest>,
) {
  app.get('/remotes.json', { schema: { hide: true } }, async (request, reply) => {
    const body = JSON.stringify(await manifest(browserBucket(request, reply)));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    reply.header('Cache-Control', 'no-cache').header('ETag', etag).header('Vary', 'Cookie');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
