import Fastify, { LogController } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredRequestLogger } from './request-logger';

describe('the deferred request logger', () => {
  const lines: Array<Record<string, unknown>> = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: deferredRequestLogger,
  });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.warn({ audit: 'refused' }, 'deploy token refused');
    request.log.debug('below the level');
    return { level: request.log.level };
  });
  app.get('/errors-only', { logLevel: 'error' }, async (request) => {
    request.log.warn('left out at this route’s level');
    request.log.error('kept');
    return { level: request.log.level };
  });
  afterEach(() => {
    lines.length = 0;
    vi.restoreAllMocks();
  });

  it('makes no child logger for a request that logs nothing', async () => {
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('writes what a request logs with its request id, at the logger’s level', async () => {
    const answer = await app.inject({ method: 'GET', url: '/loud' });
    expect(answer.json()).toEqual({ level: 'info' });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        reqId: expect.stringMatching(/^req-/),
        audit: 'refused',
        msg: 'deploy token refused',
      }),
    ]);
  });

  it('keeps a route’s own log level', async () => {
    const answer = await app.inject({ method: 'GET', url: '/errors-only' });
    expect(answer.json()).toEqual({ level: 'error' });
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
  });

  it('gives each request its own id', async () => {
    await app.inject({ method: 'GET', url: '/loud' });
    await app.inject({ method: 'GET', url: '/loud' });
    const [first, second] = lines.map((line) => line.reqId);
    expect(first).toEqual(expect.any(String));
    expect(second).not.toBe(first);
  });
});
