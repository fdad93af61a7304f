import pg from 'pg';
import { POSTGRES_URL } from './options';

/** Runs `run` on a new database of the bench's PostgreSQL server, dropped after; null when it is not reachable. */
export async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.warn(
      `PostgreSQL at ${POSTGRES_URL} is not reachable; its figures are left out (${String(error)})`,
    );
    return null;
  }
  const name = `registry_bench_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(POSTGRES_URL);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
