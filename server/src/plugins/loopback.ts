/**
 * "This machine only" is one rule for the whole server, the embedded ledger's dev routes' own: the
 * socket decides, and a request a proxy forwarded is local only through a trusted proxy naming loopback.
 */
export { isFromThisMachine } from '../ledger/local-ledger-adapter';
