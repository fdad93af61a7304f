import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { HttpError } from '../../http-error';
import { writes } from '../../plugins/same-origin-writes';
import type { Recovery } from './service';

/** Writes that act on names, orders and payments: what the ledger may have moved past. */
const REGISTRY_WRITES = /\/(orders|my\/domains|my\/primary-name)(\/|$)/;

/**
 * While the database catches up with the ledger (after a restore, or a rebuild), writes on names,
 * orders and payments answer 503; reads answer as the database stands, and signing in or a profile
 * change (nothing the ledger holds) go on.
 */
export function refuseWritesWhileCatchingUp(
  app: FastifyInstance,
  recovery: Pick<Recovery, 'isCatchingUp'> | null,
) {
  if (!recovery) return;
  const check: onRequestHookHandler = async () => {
    if (recovery.isCatchingUp())
      throw new HttpError(
        503,
        'CATCHING_UP',
        'The registry is catching up with the ledger; try again in a moment',
      );
  };
  app.addHook('onRoute', (route) => {
    if (!writes(route) || !REGISTRY_WRITES.test(route.url)) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [check, ...own];
  });
}
