/** An answer `{ code, message }` with a 4xx status: Fastify's error handling sends it as it is. */
export class LedgerHttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerHttpError';
  }
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
export function isLoopback(address: string): boolean {
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/** Headers by which a proxy names the client it forwards. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** What a request tells of where it came from (Fastify's request has all of it). */
export type RequestOrigin = {
  ip: string;
  /** With a trusted proxy: the socket's address, then each trusted hop's forwarded address. */
  ips?: string[];
  headers: Record<string, string | string[] | undefined>;
};

/**
 * Whether a request comes from this machine, in a way a proxy cannot fake. Without forwarding headers
 * the socket decides. With them, a proxy stands between: the request is local only when the proxy is
 * trusted (TRUST_PROXY, so Fastify read its header into `ips`), the address it forwards is loopback,
 * and it names nobody else in a header Fastify does not read.
 */
export function isFromThisMachine(request: RequestOrigin): boolean {
  const forwarded = FORWARDING_HEADERS.filter((name) => request.headers[name] !== undefined);
  if (forwarded.length === 0) return isLoopback(request.ip);
  const trustedHops = (request.ips?.length ?? 0) > 1;
  if (!trustedHops || !request.ips!.every(isLoopback)) return false;
  return forwarded.every((name) => name === 'x-forwarded-for' || namesOnlyLoopback(request.headers[name]));
}

/** `X-Real-IP: 127.0.0.1` or `Forwarded: for=127.0.0.1;proto=http`: every address named is loopback. */
function namesOnlyLoopback(value: string | string[] | undefined): boolean {
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  const addresses = [...text.matchAll(/for=("?)\[?([^\]",;]+)\]?\1/gi)].map((match) => match[2]!);
  const named = addresses.length > 0 ? addresses : text.split(',').map((part) => part.trim());
  return named.length > 0 && named.every(isLoopback);
}

/** What a node answers while the network is down (the registry's spec calls it 'HCS-DOWN'). */
export const LEDGER_DOWN = { code: 'HCS-DOWN', message: 'The ledger is not reachable' };
