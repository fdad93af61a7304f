import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app/build-app';
import { openDatabase, type Database } from '../db/database';
import { testConfig } from '../testing/test-config';
import { skeletonOf } from './shell-page';

const SHELL_HTML = '<!doctype html><title>shell</title><div id="root"></div>';
/** The shell's HTML as sent for an address: the page's frame and title drawn inside `#root`. */
const shellPageAt = (url: string) => {
  const [pathname = '/', search = ''] = url.split('?');
  return SHELL_HTML.replace(
    '<div id="root"></div>',
    `<div id="root">${skeletonOf(pathname, search, false)}</div>`,
  );
};

describe('serving the built shell and remotes', () => {
  let appsRoot: string;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    appsRoot = await mkdtemp(path.join(tmpdir(), 'registry-apps-'));
    await mkdir(path.join(appsRoot, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(appsRoot, 'shell', 'dist', 'index.html'), SHELL_HTML);
    await writeFile(path.join(appsRoot, 'shell', 'dist', 'main.js'), 'console.log("shell")');
    await mkdir(path.join(appsRoot, 'mfe-search', 'dist'), { recursive: true });
    await writeFile(path.join(appsRoot, 'mfe-search', 'dist', 'mf-manifest.json'), '{"id":"search"}');
    await writeFile(path.join(appsRoot, 'mfe-search', 'dist', '262.b08d2357.js'), 'chunk');
    // What the production build writes beside each file.
    await writeFile(
      path.join(appsRoot, 'mfe-search', 'dist', '262.b08d2357.js.br'),
      brotliCompressSync('chunk'),
    );
    await writeFile(path.join(appsRoot, 'mfe-search', 'dist', '262.b08d2357.js.gz'), gzipSync('chunk'));
    await mkdir(path.join(appsRoot, 'mfe-resolver', 'dist', 'embed'), { recursive: true });
    await writeFile(path.join(appsRoot, 'mfe-resolver', 'dist', 'embed', 'resolver.js'), 'customElements;');
    await writeFile(
      path.join(appsRoot, 'mfe-resolver', 'dist', 'embed', 'resolver.js.gz'),
      gzipSync('customElements;'),
    );
    database = await openDatabase({ engine: 'pglite', dataDir: null });
    app = await buildApp({
      config: testConfig({ APPS_ROOT: appsRoot }),
      database,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(appsRoot, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/gui',
    '/gui/domains/web3',
    '/gui/domain/web3/detail?domain=a.hbar',
    '/w3/resolver',
    '/resolver',
    '/index.html?t=ev&x=1',
  ])('answers %s with the shell page (history API fallback)', async (url) => {
    const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(shellPageAt(url));
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the compressed copy the build wrote to a browser that accepts it, the file to one that does not', async () => {
    const url = '/remotes/mfe-search/262.b08d2357.js';
    const brotli = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('chunk');
    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('chunk');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('chunk');

    const embed = await app.inject({
      method: 'GET',
      url: '/embed/resolver.js',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(embed.headers['content-encoding']).toBe('gzip');
    expect(embed.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(embed.rawPayload).toString()).toBe('customElements;');
  });

  it('serves the embeddable resolver at a stable address any site may load', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed/resolver.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('customElements;');
    expect(response.headers['content-type']).toMatch(/^text\/javascript/);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const url of ['/embed/missing.js', '/embed/..%2F..%2Fshell%2Fdist%2Fmain.js', '/embed/index.html']) {
      const missing = await app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers an unknown page with the shell and a 404 status', async () => {
    const response = await app.inject({ method: 'GET', url: '/nowhere', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(shellPageAt('/nowhere'));
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/nowhere',
      headers: { accept: 'text/html' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /api/nowhere' });
  });

  it('serves remote files cross-origin, entry files uncached and hashed chunks immutable', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/remotes/mfe-search/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/mfe-search/262.b08d2357.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shellEntry = await app.inject({ method: 'GET', url: '/main.js' });
    expect(shellEntry.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing remote file with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/remotes/mfe-search/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('reports health with the database engine', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toMatchObject({ status: 'ok', database: { engine: 'pglite', up: true } });
  });
});
