import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The floors, each started like the product's server (its own process):
 * - `/json`: a bare Fastify JSON route;
 * - `/one-query`: the same route running one indexed look-up of a name nobody has, as a prepared
 *   statement, on the engine the product is measured on (PostgreSQL when FLOOR_DATABASE_URL is set,
 *   else PGlite in memory). No route that must ask the database can beat it.
 */
const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));

type Lookup = (name: string) => Promise<number>;

async function postgresLookup(url: string): Promise<Lookup> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query('create table if not exists floor_names (name text primary key)');
  return async (name) =>
    (
      await pool.query({
        name: 'floor_lookup',
        text: 'select name from floor_names where name = $1',
        values: [name],
      })
    ).rows.length;
}

async function pgliteLookup(): Promise<Lookup> {
  const db = await PGlite.create();
  await db.query('create table floor_names (name text primary key)');
  return async (name) => (await db.query('select name from floor_names where name = $1', [name])).rows.length;
}

const lookup = process.env.FLOOR_DATABASE_URL
  ? await postgresLookup(process.env.FLOOR_DATABASE_URL)
  : await pgliteLookup();
let counter = 0;
app.get('/one-query', async () => ({ found: await lookup(`floor${(counter += 1)}`) }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
