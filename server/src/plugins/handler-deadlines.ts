import type { FastifyReply } from 'fastify';
import { HttpError } from '../http-error';

export const handlerTimedOut = () =>
  new HttpError(503, 'TIMEOUT', 'The server took too long to answer; try again');

/** The slot a request in flight holds (on its reply). */
const SLOT = Symbol('handler deadline slot');
type Tracked = FastifyReply & { [SLOT]?: number };

/**
 * A stuck database or ledger answers 503 instead of holding the request forever. Requests in flight
 * hold a slot of two arrays (the reply, its start) and one timer looks at them all: Fastify's own
 * `handlerTimeout` arms a timer and an AbortController for every request, which cost a cached route a
 * fifth of its CPU (`npm run bench -- --only=fixed-cost`). Slots are reused, never removed: a Map of
 * the requests in flight grew and shrank (rehashing) with every burst. An answer comes between
 * `limitMs` and `limitMs + checkMs`.
 */
export class HandlerDeadlines {
  private readonly replies: (Tracked | null)[] = [];
  private readonly startedAt: number[] = [];
  private readonly free: number[] = [];
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly checkMs: number;

  constructor(
    private readonly limitMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {
    this.checkMs = Math.max(10, Math.min(1000, Math.floor(limitMs / 4)));
  }

  start(reply: FastifyReply) {
    const slot = this.free.pop() ?? this.replies.length;
    this.replies[slot] = reply;
    this.startedAt[slot] = this.now();
    (reply as Tracked)[SLOT] = slot;
    this.inFlight += 1;
    this.timer ??= setInterval(() => this.answerOverdue(), this.checkMs).unref();
  }

  end(reply: FastifyReply) {
    const slot = (reply as Tracked)[SLOT];
    if (slot === undefined || this.replies[slot] !== reply) return;
    this.release(slot);
  }

  private release(slot: number) {
    this.replies[slot] = null;
    this.free.push(slot);
    this.inFlight -= 1;
  }

  /** Answers 503 to every request older than the limit; stops looking while none is in flight. */
  answerOverdue() {
    const cutoff = this.now() - this.limitMs;
    for (let slot = 0; slot < this.replies.length; slot += 1) {
      const reply = this.replies[slot];
      if (!reply || this.startedAt[slot]! > cutoff) continue;
      this.release(slot);
      if (reply.sent || reply.raw.destroyed) continue;
      try {
        // A response already under way cannot become an error any more: it is cut off instead.
        if (reply.raw.headersSent) reply.raw.destroy(handlerTimedOut());
        else reply.send(handlerTimedOut());
      } catch (error) {
        // Thrown in a timer it would end the process; this one request is beyond answering.
        reply.log.warn({ err: error }, 'could not answer a request past its deadline');
      }
    }
    if (this.inFlight === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
