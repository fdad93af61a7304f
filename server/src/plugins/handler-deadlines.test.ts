import { afterEach, describe, expect, it } from 'vitest';
import { createFastify } from '../app/fastify-base';
import { loadConfig } from '../config';
import { HandlerDeadlines } from './handler-deadlines';

const LIMIT_MS = 200;

describe('a handler that takes too long', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function serverWithStuckRoutes() {
    const lines: Array<Record<string, unknown>> = [];
    const app = createFastify(loadConfig({ HANDLER_TIMEOUT_MS: String(LIMIT_MS), LOG_LEVEL: 'info' }), {
      write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    let released: (() => void) | undefined;
    app.get('/stuck', () => new Promise((resolve) => (released = () => resolve({ late: true }))));
    app.get('/quick', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    close = () => app.close();
    const { port } = app.server.address() as { port: number };
    return { origin: `http://127.0.0.1:${port}`, lines, release: () => released?.() };
  }

  it('is answered 503 { code: TIMEOUT } a little after the limit, and its late answer is dropped', async () => {
    const { origin, lines, release } = await serverWithStuckRoutes();
    const startedAt = performance.now();
    const answer = await fetch(`${origin}/stuck`);
    const tookMs = performance.now() - startedAt;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      code: 'TIMEOUT',
      message: 'The server took too long to answer; try again',
    });
    expect(tookMs).toBeGreaterThanOrEqual(LIMIT_MS);
    expect(tookMs).toBeLessThan(LIMIT_MS * 4);
    release();
    // Requests answered in time are untouched, before and after.
    expect((await fetch(`${origin}/quick`)).status).toBe(200);
    expect(lines.filter((line) => line.msg === 'request completed').map((line) => line.statusCode)).toEqual([
      503, 200,
    ]);
  });

  it('leaves requests answered in time alone, and stops looking once none is in flight', async () => {
    let now = 0;
    const deadlines = new HandlerDeadlines(1000, () => now);
    const sent: string[] = [];
    const reply = (name: string) =>
      ({
        sent: false,
        raw: { destroyed: false, headersSent: false },
        send: () => void sent.push(name),
      }) as unknown as Parameters<HandlerDeadlines['start']>[0];
    const answered = reply('answered');
    const held = reply('held');
    deadlines.start(answered);
    now = 500;
    deadlines.start(held);
    deadlines.end(answered);
    now = 1400;
    deadlines.answerOverdue();
    expect(sent).toEqual([]);
    now = 1600;
    deadlines.answerOverdue();
    expect(sent).toEqual(['held']);
    // Nothing in flight: the timer is gone, so a server at rest keeps no interval running.
    expect((deadlines as unknown as { timer: unknown }).timer).toBeNull();
  });

  it('keeps as many slots as requests were ever in flight at once, however many it saw', () => {
    const deadlines = new HandlerDeadlines(1000, () => 0);
    const reply = () =>
      ({ sent: true, raw: { destroyed: false } }) as unknown as Parameters<HandlerDeadlines['start']>[0];
    for (let burst = 0; burst < 100; burst += 1) {
      const replies = Array.from({ length: 50 }, reply);
      for (const each of replies) deadlines.start(each);
      for (const each of replies.reverse()) deadlines.end(each);
    }
    expect((deadlines as unknown as { replies: unknown[] }).replies).toHaveLength(50);
    deadlines.answerOverdue();
    expect((deadlines as unknown as { timer: unknown }).timer).toBeNull();
  });
});
