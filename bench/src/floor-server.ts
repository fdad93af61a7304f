import Fastify from 'fastify';

/** The floor: a bare Fastify JSON route, started like the product's server (its own process). */
const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.send?.({ address });
