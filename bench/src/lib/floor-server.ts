import { PGlite, protocol } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The floors, each started like the product's server (its own process):
 * - `/json`: a bare Fastify JSON route;
 * - `/one-query`: the same route running one indexed look-up of a name nobody has, as a prepared
 *   statement, on the engine the product is measured on (PostgreSQL when FLOOR_DATABASE_URL is set,
 *   else PGlite in memory, its statement named and each look-up one call: bind, execute, sync). No
 *   route that must ask the database can beat it.
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
  const { serialize } = protocol;
  const join = (...parts: Uint8Array[]) => {
    const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    parts.reduce((offset, part) => (joined.set(part, offset), offset + part.length), 0);
    return joined;
  };
  await db.execProtocolStream(
    join(
      serialize.parse({ name: 'floor_lookup', text: 'select name from floor_names where name = $1' }),
      serialize.sync(),
    ),
  );
  return (name) =>
    db.runExclusive(async () => {
      const messages = await db.execProtocolStream(
        join(
          serialize.bind({ statement: 'floor_lookup', values: [name] }),
          serialize.execute({}),
          serialize.sync(),
        ),
        { syncToFs: false },
      );
      return messages.filter((message) => message.name === 'dataRow').length;
    });
}

const lookup = process.env.FLOOR_DATABASE_URL
  ? await postgresLookup(process.env.FLOOR_DATABASE_URL)
  : await pgliteLookup();
let counter = 0;
app.get('/one-query', async () => ({ found: await lookup(`floor${(counter += 1)}`) }));

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
