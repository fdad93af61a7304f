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

/** What a node answers while the network is down (the registry's spec calls it 'HCS-DOWN'). */
export const LEDGER_DOWN = { code: 'HCS-DOWN', message: 'The ledger is not reachable' };
