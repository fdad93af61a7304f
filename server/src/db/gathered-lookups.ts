import DataLoader from 'dataloader';

/** More names than this in one turn go out in several queries. */
const MAX_NAMES_PER_QUERY = 256;

/**
 * A look-up of rows by name whose calls made at once share one query: every name asked while the server
 * reads a burst of requests goes into one `lookUp` when the burst is read (`setImmediate`, after the event
 * loop's I/O callbacks). A query's fixed cost (a pool connection and a round trip on PostgreSQL, a call
 * into the embedded database and its transaction on PGlite) is paid once per burst instead of once per
 * request; a lone request waits only for the end of its turn. Nothing is cached: each call reads the
 * database after it was made. A failing query fails the calls whose names it carried.
 *
 * `lookUp` answers rows for any of the names it is given (none, one or several per name).
 */
export function gatheredByName<Row extends { name: string }>(lookUp: (names: string[]) => Promise<Row[]>) {
  const loader = new DataLoader<string, Row[]>(
    async (names) => {
      const rowsOf = new Map<string, Row[]>();
      for (const row of await lookUp([...new Set(names)])) {
        const rows = rowsOf.get(row.name);
        if (rows) rows.push(row);
        else rowsOf.set(row.name, [row]);
      }
      return names.map((name) => rowsOf.get(name) ?? []);
    },
    {
      cache: false,
      maxBatchSize: MAX_NAMES_PER_QUERY,
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  );

  /** The rows of `names`, each name's once however often it is asked. */
  return async function rowsOf(names: string[]): Promise<Row[]> {
    if (names.length === 0) return [];
    const unique = [...new Set(names)];
    const answers = await loader.loadMany(unique);
    return answers.flatMap((answer) => {
      if (answer instanceof Error) throw answer;
      return answer;
    });
  };
}
