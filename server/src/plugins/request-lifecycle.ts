import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isInternalRequest, logRequestError, writeAccessLine } from './access-log';
import type { HandlerDeadlines } from './handler-deadlines';
import type { LogDestination } from './log-output';

type Step = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * What is done around every request, called by Fastify's log controller as each request starts and
 * completes (no hook to run: each hook a request goes through costs it a few hundred nanoseconds): the
 * answer's own headers, the handler's deadline, the access line, and the observers of visitors'
 * requests (the request metrics).
 * The server's calls to itself are neither logged nor observed. Fastify calls `requestCompleted` only
 * when it has a logger, so the server always gives it one (level `silent` when nothing is logged).
 */
export class RequestLifecycle extends LogController {
  private readonly incoming: Step[] = [];
  private readonly observers: Step[] = [];
  private accessLinesPaused = false;

  /**
   * `accessLines`: where access lines go, null when the log level leaves them out (above info);
   * `deadlines`: answers requests held too long (null: none is).
   */
  constructor(
    private readonly accessLines: LogDestination | null,
    private readonly deadlines: HandlerDeadlines | null,
  ) {
    super({ disableRequestLogging: isInternalRequest });
  }

  /**
   * Pauses the access lines or resumes them (the operator's switch, SIGUSR2): errors are still written.
   * Answers whether access lines are written now.
   */
  toggleAccessLines(): boolean {
    this.accessLinesPaused = !this.accessLinesPaused;
    return this.accessLines !== null && !this.accessLinesPaused;
  }

  /** `step` runs as every request starts, before any hook (it must not throw). */
  onIncoming(step: Step) {
    this.incoming.push(step);
  }

  /** `observer` sees every visitor's request once it is answered. */
  observeVisitorRequests(observer: Step) {
    this.observers.push(observer);
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    for (const step of this.incoming) step(request, reply);
    this.deadlines?.start(reply);
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.deadlines?.end(reply);
    if (this.isLogDisabled(request)) return;
    for (const observer of this.observers) observer(request, reply);
    if (error) logRequestError(error, request, reply);
    else if (this.accessLines && !this.accessLinesPaused) writeAccessLine(this.accessLines, request, reply);
  }
}
