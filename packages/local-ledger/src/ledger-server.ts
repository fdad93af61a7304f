import type { PrivateKey } from '@hashgraph/sdk';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { localLedgerDevRoutes } from './dev-routes';
import type { LedgerDb } from './ledger-db';
import { LedgerHttpError } from './ledger-http';
import type { LocalRate } from './mirror-format';
import { openLocalLedger, type LocalLedgerParts } from './open-local-ledger';
import { localLedgerRestRoutes } from './rest-routes';

export type LedgerServerOptions = {
  db: LedgerDb;
  /** USD for one HBAR, as its mirror's exchange rate answers (default 0.05). */
  usdPerHbar?: number;
  /** Let other machines use the faucet and the control routes. */
  openToNetwork?: boolean;
  clock?: () => bigint;
  logger?: boolean;
  /** The genesis key of a new ledger (a random one otherwise). */
  genesisKey?: PrivateKey;
  /** A new ledger starts with hiero-local-node's operator key and development accounts. */
  localNodeAccounts?: boolean;
};

export type LedgerServer = LocalLedgerParts & { app: FastifyInstance; rate: LocalRate };

/** The ledger on a Fastify server of its own: consensus, mirror REST and the development routes. */
export async function createLedgerServer(options: LedgerServerOptions): Promise<LedgerServer> {
  const parts = await openLocalLedger(options.db, options.clock, {
    ...(options.genesisKey ? { key: options.genesisKey } : {}),
    localNodeAccounts: options.localNodeAccounts ?? false,
  });
  const rate: LocalRate = { usdPerHbar: options.usdPerHbar ?? 0.05 };
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 128 * 1024 });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error))
      return reply
        .status(400)
        .send({ code: 'BAD_REQUEST', message: error.validation[0]?.message ?? 'Invalid request' });
    if (error instanceof LedgerHttpError)
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    const status = error.statusCode ?? 500;
    if (status < 500)
      return reply.status(status).send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    app.log.error(error);
    return reply.status(500).send({ code: 'INTERNAL', message: 'The local ledger failed to answer' });
  });
  // The mirror REST is public, as a mirror node's is: pages of any origin read it.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/ledger/api/v1/')) reply.header('access-control-allow-origin', '*');
  });
  await app.register(localLedgerRestRoutes, { db: options.db, ledger: parts.ledger, rate });
  await app.register(localLedgerDevRoutes, { ...parts, rate, openToNetwork: options.openToNetwork ?? false });
  return { ...parts, app, rate };
}
