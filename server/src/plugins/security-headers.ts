import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { RemotesManifest } from '@registry/contracts/remote-list';

/** What HashPack and Blade reach through WalletConnect, from the page. */
const WALLETCONNECT_CONNECT = [
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'https://api.hashpack.app',
];
const WALLETCONNECT_FRAMES = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];

export type SecurityHeaderOptions = {
  /** Where the remotes are served from (their manifests may live on other origins). */
  remotes: RemotesManifest;
  /** The mirror node the browser reads, when it is not this server's own /ledger. */
  mirrorNodeUrl: string | null;
  /** HashPack and Blade are configured (WalletConnect project id). */
  walletConnect: boolean;
  /** https: the app is served over TLS (HSTS, upgraded requests). */
  https: boolean;
};

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null; // a path on this server
  }
};

/**
 * CSP and the other security headers on every answer. Scripts and connections come only from this
 * origin, the configured remotes, the mirror node and the wallets' relay; no page may be framed (the
 * resolver embed is a script tag, not a frame). The Local Wallet keeps its key in localStorage, so
 * this CSP is what keeps an injected script from reading it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const remoteOrigins = [
    ...new Set(options.remotes.remotes.map((remote) => originOf(remote.entry)).filter((o) => o !== null)),
  ];
  const mirrorOrigin = options.mirrorNodeUrl ? originOf(options.mirrorNodeUrl) : null;
  const wallet = options.walletConnect ? WALLETCONNECT_CONNECT : [];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remoteOrigins],
        connectSrc: ["'self'", ...remoteOrigins, ...(mirrorOrigin ? [mirrorOrigin] : []), ...wallet],
        // Components set styles from script (style-loader and style attributes).
        styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
        imgSrc: ["'self'", 'data:', 'https:', ...remoteOrigins],
        fontSrc: ["'self'", 'data:', ...remoteOrigins],
        frameSrc: options.walletConnect ? WALLETCONNECT_FRAMES : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Wallet pop-ups keep a handle on the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
  const apiHeaders = apiAnswerHeaders(headers);
  // Later `reply.header` calls (a route's own CSP or resource policy) still override these. Set as
  // each request starts rather than in a hook: a cached route then runs no hook at all.
  app.requestLifecycle.onIncoming((request, reply) => {
    reply.headers(request.url.startsWith(API_PREFIX) ? apiHeaders : headers);
  });
}

const API_PREFIX = '/api/';

/**
 * What a JSON answer needs: it loads nothing and may not be framed or sniffed as another type, so its
 * CSP allows nothing. The document headers (the page's CSP, opener and agent-cluster policies, the old
 * browsers' switches) mean nothing on it, and they were most of the bytes and header checks of a cached
 * answer.
 */
function apiAnswerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'x-content-type-options',
    'x-frame-options',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(
      kept.filter((name) => name in documentHeaders).map((name) => [name, documentHeaders[name]!]),
    ),
  };
}

/**
 * The headers helmet sets for these options. They depend on nothing in the request, so they are
 * computed once at start instead of by helmet on every answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}
