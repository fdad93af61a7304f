/**
 * Preloaded into a product server by the fixed-cost bench (`node --import`): the bare route of the
 * floor server, served by the product's own process on BENCH_BARE_PORT. Loaded there, it pays what the
 * process itself costs every request (its heap, its workers, the shared code of Node's HTTP stack as
 * the product's many callers leave it), so the product's routes can be compared with it free of the
 * spread between processes.
 */
import Fastify from 'fastify';

const port = Number(process.env.BENCH_BARE_PORT);
if (port) {
  const app = Fastify({ logger: false });
  app.get('/json', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
}
