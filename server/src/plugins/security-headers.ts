import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { RemotesManifest } from '@registry/contracts/remotes';

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
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const remoteOrigins = [
    ...new Set(options.remotes.remotes.map((remote) => originOf(remote.entry)).filter((o) => o !== null)),
  ];
  const mirrorOrigin = options.mirrorNodeUrl ? originOf(options.mirrorNodeUrl) : null;
  const wallet = options.walletConnect ? WALLETCONNECT_CONNECT : [];
  await app.register(fastifyHelmet, {
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
}
