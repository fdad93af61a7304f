import type { Db } from './database';

/**
 * A query built once per database and kept as a named prepared statement: the SQL text is not rebuilt
 * per call, and PostgreSQL plans it once per connection. For the queries every search runs.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
