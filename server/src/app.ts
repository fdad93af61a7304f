import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { tldRoutes } from './modules/tlds/routes';
import { createTldService } from './modules/tlds/service';
import { registerErrorHandler } from './plugins/error-handler';
import { registerRemotesManifest, resolveRemotesManifest } from './plugins/remotes-manifest';
import { registerStaticApps } from './plugins/static-apps';

export type AppDependencies = {
  config: AppConfig;
  database: Database;
};

/** Builds the server from its plugins; no logic lives here. */
export async function buildApp({ config, database }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  app.get('/healthz', { schema: { hide: true } }, async () => {
    await database.db.execute('select 1');
    return { status: 'ok', database: database.engine };
  });

  await app.register(
    async (api) => {
      await api.register(tldRoutes, { tlds: createTldService(database.db) });
    },
    { prefix: '/api' },
  );

  registerRemotesManifest(app, await resolveRemotesManifest(config));
  await registerStaticApps(app, config.APPS_ROOT);
  return app;
}
