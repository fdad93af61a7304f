import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { injectFetch } from './inject-fetch';
import { buildServer, startServerProcess } from '../testing/server-process';
import { millisecondsText, writeAccessLine } from './access-log';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

describe('the access log', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await startTestApp(
      () => openDatabase({ engine: 'pglite', dataDir: null }),
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
  });
  afterAll(() => t.close());

  const requestLines = () => lines.filter((line) => /^request /.test(String(line.msg)));

  it('writes one line per request when it completes, with method, path, status and time', async () => {
    lines.length = 0;
    expect((await t.app.inject({ method: 'GET', url: '/api/tlds' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/domains/availability?name=x' })).statusCode).toBe(
      400,
    );
    expect(requestLines()).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', url: '/api/tlds', statusCode: 200 }),
      expect.objectContaining({
        msg: 'request completed',
        url: '/api/domains/availability?name=x',
        statusCode: 400,
      }),
    ]);
    expect(requestLines()[0]!.responseTime).toEqual(expect.any(Number));
    // pino's own fields, as on every other line of the log.
    expect(requestLines()[0]).toEqual(
      expect.objectContaining({
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        reqId: expect.any(String),
      }),
    );
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('pauses the access lines and resumes them on the switch, errors written all along', async () => {
    lines.length = 0;
    expect(t.app.requestLifecycle.toggleAccessLines()).toBe(false);
    try {
      await t.app.inject({ method: 'GET', url: '/api/tlds' });
      expect(requestLines()).toEqual([]);
    } finally {
      expect(t.app.requestLifecycle.toggleAccessLines()).toBe(true);
    }
    await t.app.inject({ method: 'GET', url: '/api/rate' });
    expect(requestLines()).toEqual([expect.objectContaining({ url: '/api/rate', statusCode: 200 })]);
  });

  it('writes the path as the server read it, in valid JSON', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/resolve/a%22b\\c"d.hbar' });
    expect(requestLines()).toEqual([expect.objectContaining({ url: '/api/resolve/a%22b/c%22d.hbar' })]);
  });

  it('writes a path with characters beyond ASCII as valid JSON, and says which lines are ASCII', () => {
    const written: Array<{ line: string; ascii: boolean | undefined }> = [];
    const destination = { write: (line: string, ascii?: boolean) => void written.push({ line, ascii }) };
    const reply = { statusCode: 404, elapsedTime: 1.25 } as FastifyReply;
    for (const url of ['/r/café.hbar', '/r/plain.hbar', '/r/"quoted".hbar'])
      writeAccessLine(destination, { id: 'req-9', method: 'GET', url, ip: '::1' } as FastifyRequest, reply);
    expect(written.map(({ line }) => JSON.parse(line).url)).toEqual([
      '/r/café.hbar',
      '/r/plain.hbar',
      '/r/"quoted".hbar',
    ]);
    expect(written.map(({ ascii }) => ascii)).toEqual([false, true, false]);
    expect(JSON.parse(written[1]!.line)).toEqual(
      expect.objectContaining({ reqId: 'req-9', statusCode: 404, responseTime: 1.25, ip: '::1' }),
    );
  });

  it('writes the response time as toFixed(3) would', () => {
    for (const milliseconds of [
      0, 0.0004, 0.0005, 0.001, 0.0099, 0.01, 0.099, 0.1, 1, 1.5, 12.0456, 999.9999, 123456.789,
    ])
      expect(millisecondsText(milliseconds)).toBe(milliseconds.toFixed(3));
  });

  it('leaves out the server’s calls to itself, in the log and in the request metrics', async () => {
    lines.length = 0;
    // As the ledger watcher reads the local ledger's mirror.
    const mirror = await injectFetch(t.app)('http://local-ledger/ledger/api/v1/network/exchangerate');
    expect(mirror.status).toBe(200);
    expect(requestLines()).toEqual([]);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('route="/api/tlds"');
    expect(metrics).not.toContain('route="/ledger/api/v1/network/exchangerate"');
    // A visitor cannot hide by sending the header with a value of their own.
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/tlds', headers: { 'x-registry-internal': 'guess' } });
    expect(requestLines()).toHaveLength(1);
  });
});

describe('the access log above the info level', () => {
  it('writes no access line at LOG_LEVEL=warn, and still the errors', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const t = await startTestApp(
      () => openDatabase({ engine: 'pglite', dataDir: null }),
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) } },
    );
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/tlds' })).statusCode).toBe(200);
      expect(lines.filter((line) => line.msg === 'request completed')).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the access lines of the server as `npm start` runs it', () => {
  it('pauses on SIGUSR2 and resumes on the next', async () => {
    buildServer();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-access-'));
    const server = await startServerProcess({ LOG_LEVEL: 'info', DATA_DIR: dataDir }, { keepLog: true });
    const linesFor = (url: string) =>
      server
        .log()
        .split('\n')
        .filter((line) => line.includes('"request completed"') && line.includes(`"url":"${url}"`));
    try {
      await fetch(`${server.origin}/api/tlds?first`);
      await waitFor(async () => linesFor('/api/tlds?first').length === 1, 5000);
      process.kill(server.pid, 'SIGUSR2');
      await waitFor(async () => server.log().includes('access lines paused'), 5000);
      await fetch(`${server.origin}/api/tlds?paused`);
      process.kill(server.pid, 'SIGUSR2');
      await waitFor(async () => server.log().includes('access lines resumed'), 5000);
      await fetch(`${server.origin}/api/tlds?resumed`);
      await waitFor(async () => linesFor('/api/tlds?resumed').length === 1, 5000);
      expect(linesFor('/api/tlds?paused')).toEqual([]);
      expect(server.exitCode()).toBeNull();
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
