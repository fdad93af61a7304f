import type { FastifyReply } from 'fastify';
import { HttpError } from '../http-error';

export const handlerTimedOut = () =>
  new HttpError(503, 'TIMEOUT', 'The server took too long to answer; try again');

/**
 * A stuck database or ledger answers 503 instead of holding the request forever. Requests in flight
 * are kept in start order and one timer looks at the oldest: Fastify's own `handlerTimeout` arms a
 * timer and an AbortController for every request, which cost a cached route a fifth of its CPU
 * (`npm run bench -- --only=fixed-cost`). An answer comes between `limitMs` and `limitMs + checkMs`.
 */
export class HandlerDeadlines {
  /** Map keeps insertion order: the oldest request first. */
  private readonly started = new Map<FastifyReply, number>();
  private timer: NodeJS.Timeout | null = null;
  private readonly checkMs: number;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.checkMs = Math.max(10, Math.min(1000, Math.floor(limitMs / 4)));
  }

  start(reply: FastifyReply) {
    this.started.set(reply, this.now());
    this.timer ??= setInterval(() => this.answerOverdue(), this.checkMs).unref();
  }

  end(reply: FastifyReply) {
    this.started.delete(reply);
  }

  /** Answers 503 to every request older than the limit; stops looking while none is in flight. */
  answerOverdue() {
    const cutoff = this.now() - this.limitMs;
    for (const [reply, startedAt] of this.started) {
      if (startedAt > cutoff) break;
      this.started.delete(reply);
      if (reply.sent || reply.raw.destroyed) continue;
      // A response already under way cannot become an error any more: it is cut off instead.
      if (reply.raw.headersSent) reply.raw.destroy(handlerTimedOut());
      else reply.send(handlerTimedOut());
    }
    if (this.started.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
