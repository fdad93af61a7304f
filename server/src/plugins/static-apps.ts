import { createReadStream, existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_FOLDERS } from '@registry/contracts/remotes';
import { createShellPage, type ShellPageOptions } from './shell-page';

/** A release file's state: its recorded bytes, not in a recorded release, or changed since it was recorded. */
type ReleaseFileVerdict =
  { verdict: 'intact' | 'unknown' } | { verdict: 'changed'; remote: string; version: string; file: string };

/** Whether a release file may be served, and who hears of one that was refused. */
type ReleaseFileGuard = {
  check: (relative: string) => Promise<ReleaseFileVerdict>;
  refused: (refusal: { remote: string; version: string; file: string }) => void;
};

/** Where the remotes a shell page names are (the releases' list per canary bucket, and their folder). */
type ShellRemotes = Pick<ShellPageOptions, 'manifest' | 'releasesDir'>;

/** Hashed chunk names (`[name].[contenthash:8].js`) never change content: cache them for good. */
const HASHED_FILE = /\.[0-9a-f]{8}\.[a-z0-9]+$/;

function setCacheHeaders(reply: FastifyReply, filePath: string) {
  reply.header(
    'Cache-Control',
    HASHED_FILE.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/** Paths the shell's router renders (history API): they get the shell's index.html. */
const APP_PATHS = [/^\/$/, /^\/gui(\/.*)?$/, /^\/w3\/resolver\/?$/, /^\/resolver\/?$/];

/**
 * Serves published releases of remotes at `/releases/<folder>/<version>/`: a release never changes, so
 * every file of it is cached for good.
 */
export async function registerReleaseFiles(
  app: FastifyInstance,
  releasesDir: string,
  { check, refused }: ReleaseFileGuard,
) {
  await mkdir(releasesDir, { recursive: true });
  await app.register(async (scope) => {
    // Every variant the static handler may send (the file, its .br, its .gz) must still be the recorded bytes.
    scope.addHook('preHandler', async (request, reply) => {
      const relative = (request.params as { '*'?: string })['*'] ?? '';
      const first = await check(relative);
      if (first.verdict === 'unknown')
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such file in a recorded release' });
      for (const result of [first, await check(`${relative}.br`), await check(`${relative}.gz`)]) {
        if (result.verdict !== 'changed') continue;
        refused({ remote: result.remote, version: result.version, file: result.file });
        return reply.status(500).send({
          code: 'RELEASE_FILE_CHANGED',
          message: `${result.file} of ${result.remote} ${result.version} is not the file that was released`,
        });
      }
    });
    await scope.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/releases/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Half-written folders (a release being copied in) are never served.
      allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
      setHeaders: (reply) => {
        reply.header('Access-Control-Allow-Origin', '*');
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  });
}

/** Each remote's build under `/remotes/<folder>/`, with CORS so a shell on another origin can load it. */
async function registerRemoteBuilds(app: FastifyInstance, appsRoot: string) {
  for (const folder of Object.values(REMOTE_FOLDERS)) {
    const root = path.join(appsRoot, folder, 'dist');
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${folder}/`,
      decorateReply: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('Access-Control-Allow-Origin', '*');
        // Any page may load a remote (the resolver embed runs on third-party pages).
        reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        setCacheHeaders(reply, filePath);
      },
    });
  }
}

/** The embeddable scripts (`<script src="/embed/resolver.js">`) at a stable address, whichever remote builds them. */
function registerEmbedScripts(app: FastifyInstance, appsRoot: string) {
  const embedDirs = Object.values(REMOTE_FOLDERS)
    .map((folder) => path.join(appsRoot, folder, 'dist', 'embed'))
    .filter((dir) => existsSync(dir));
  app.get<{ Params: { file: string } }>(
    '/embed/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const { file } = request.params;
      const dir = /^[a-z0-9-]+\.js$/.test(file)
        ? embedDirs.find((each) => existsSync(path.join(each, file)))
        : undefined;
      if (!dir) return reply.status(404).send({ code: 'NOT_FOUND', message: `No embed named ${file}` });
      reply.header('Access-Control-Allow-Origin', '*');
      reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
      // A stable name: browsers check for a new version each time.
      reply.header('Cache-Control', 'no-cache');
      reply.header('Vary', 'Accept-Encoding');
      const filePath = path.join(dir, file);
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      if (gzip && existsSync(`${filePath}.gz`)) {
        reply.header('Content-Encoding', 'gzip');
        return reply.type('text/javascript; charset=utf-8').send(createReadStream(`${filePath}.gz`));
      }
      return reply.type('text/javascript; charset=utf-8').send(createReadStream(filePath));
    },
  );
}

/** The shell at `/`, and its page for every app route (unknown pages too, with a 404). */
async function registerShell(app: FastifyInstance, appsRoot: string, remotes: ShellRemotes) {
  const shellDist = path.join(appsRoot, 'shell', 'dist');
  const shellBuilt = existsSync(path.join(shellDist, 'index.html'));
  if (shellBuilt) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each file; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders: setCacheHeaders,
    });
  }
  const sendShellPage = createShellPage({
    shellDist,
    appsRoot,
    ...remotes,
    log: (details, line) => app.log.warn(details, line),
  });
  // `/` is a directory to the static handler; the shell's router redirects it.
  if (shellBuilt) {
    app.get('/', { schema: { hide: true } }, (request, reply) => sendShellPage(request, reply, 200));
    // The email verification page's address (spec section 2) is the shell's own file name.
    app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
      sendShellPage(request, reply, 200),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      request.method === 'GET' &&
      !pathname.startsWith('/api/') &&
      (request.headers.accept ?? '').includes('text/html');
    if (
      shellBuilt &&
      request.method === 'GET' &&
      (APP_PATHS.some((pattern) => pattern.test(pathname)) || wantsPage)
    ) {
      // Unknown pages still get the shell (it renders "Page not found"), with a 404 status.
      const known = APP_PATHS.some((pattern) => pattern.test(pathname));
      return sendShellPage(request, reply, known ? 200 : 404);
    }
    return reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` });
  });
}

/**
 * Serves the built shell at `/` and each remote's build under `/remotes/<folder>/` with CORS, so a
 * shell on another origin can load them too.
 */
export async function registerStaticApps(app: FastifyInstance, appsRoot: string, remotes: ShellRemotes = {}) {
  await registerRemoteBuilds(app, appsRoot);
  registerEmbedScripts(app, appsRoot);
  await registerShell(app, appsRoot, remotes);
}
