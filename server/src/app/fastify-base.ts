import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RemotesManifest } from '@registry/contracts/remote-list';
import type { AppConfig } from '../config';
import { answerClientError, answerFrameworkError, registerErrorHandler } from '../plugins/error-handler';
import { sharedStandardOutput, type LogDestination } from '../plugins/log-output';
import { HandlerDeadlines } from '../plugins/handler-deadlines';
import { registerOpenApi } from '../plugins/openapi';
import { RequestLifecycle } from '../plugins/request-lifecycle';
import { deferredRequestLogger } from '../plugins/request-logger';
import { responseSerializerCompiler } from '../plugins/response-serializer';
import { registerSecurityHeaders } from '../plugins/security-headers';

/** Trusts the nearest `hops` proxies to name the client (TRUST_PROXY as a hop count). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Log levels that keep access lines (written at info). */
const ACCESS_LINE_LEVELS = new Set(['trace', 'debug', 'info']);

declare module 'fastify' {
  interface FastifyInstance {
    /** Sees every request start and complete (deadlines, access lines, request metrics). */
    requestLifecycle: RequestLifecycle;
  }
}

/** The Fastify instance with its limits: timeouts, body size, which proxies name the client. */
export function createFastify(config: AppConfig, logStream?: LogDestination) {
  const logged = config.LOG_LEVEL !== 'silent';
  const destination = logged ? (logStream ?? sharedStandardOutput()) : null;
  const lifecycle = new RequestLifecycle(
    destination && ACCESS_LINE_LEVELS.has(config.LOG_LEVEL) ? destination : null,
    // A stuck database or ledger answers 503 instead of holding the request forever.
    new HandlerDeadlines(config.HANDLER_TIMEOUT_MS),
  );
  const app = Fastify({
    // Silent still gives Fastify a logger: without one it skips the lifecycle's completion call.
    logger: destination ? { level: config.LOG_LEVEL, stream: destination } : { level: 'silent' },
    logController: lifecycle,
    childLoggerFactory: deferredRequestLogger,
    // Client addresses (rate limits, loopback-only routes) come from the socket unless a proxy is configured.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Clients that trickle their headers or body are cut off; Node checks at this interval.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(config.REQUEST_TIMEOUT_MS, 1000),
    },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('requestLifecycle', lifecycle);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.CHECK_RESPONSES));
  registerErrorHandler(app);
  return app;
}

/** What every route shares: rate limits, security headers and the OpenAPI document. */
export async function registerBasePlugins(
  app: ReturnType<typeof createFastify>,
  options: { config: AppConfig; remotes: RemotesManifest; publicUrl: string; mirrorUrl: string | undefined },
) {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests, try again in ${Math.ceil(context.ttl / 1000)} s`,
    }),
  });
  registerSecurityHeaders(app, {
    remotes: options.remotes,
    mirrorNodeUrl: options.mirrorUrl ?? null,
    walletConnect: Boolean(options.config.WALLETCONNECT_PROJECT_ID),
    https: options.publicUrl.startsWith('https:'),
  });
  await registerOpenApi(app);
}
