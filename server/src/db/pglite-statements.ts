import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

type Field = { name: string; dataTypeID: number };
type Statement = { name: string; parameterTypes: number[]; fields: Field[] };
type Parser = (value: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

/** PostgreSQL's answers when a named statement no longer fits its table (its plan or its name went). */
const STALE_STATEMENT = new Set(['26000', '0A000']);

/** Statement names are the process's own: two sets of statements on one client never share one. */
let statementsMade = 0;

const concat = (...parts: Uint8Array[]) => {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
};

/**
 * Named statements on PGlite, one per query text, as node-postgres keeps them on a PostgreSQL
 * connection. PGlite's `query` sends six protocol messages to the database for every query, each a
 * call into its WebAssembly (parse, describe, bind, describe, execute, sync), and PostgreSQL plans the
 * query again each time; a named statement is parsed and described once, and then each query is one
 * call (bind, execute, sync) on a plan PostgreSQL keeps. An indexed look-up of one name took about
 * a fifth of the time it took through `query` (`npm run bench`).
 *
 * The answers are `query`'s, row for row: the same parsers and serializers, the same result shape.
 * Texts beyond `limit` go through `query` (a server's queries are a fixed set; texts built with a
 * varying number of parameters are not kept for ever).
 */
export class PgliteStatements {
  readonly #statements = new Map<string, Statement>();

  constructor(
    private readonly client: PGlite,
    private readonly limit = 400,
  ) {}

  /** The statements kept on `client`: one set per client, whoever asks. */
  static of(client: PGlite) {
    let statements = statementsByClient.get(client);
    if (!statements) statementsByClient.set(client, (statements = new PgliteStatements(client)));
    return statements;
  }

  /** Whether `query` with these options can go through a named statement (no blobs or own types). */
  static handles(options?: QueryOptions) {
    return !options || (!options.blob && !options.paramTypes && !options.serializers && !options.onNotice);
  }

  /** `client.query(text, params, options)`, outside any transaction. */
  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!PgliteStatements.handles(options) || !this.#keeps(text))
      return this.client.query<T>(text, params, options);
    await this.client._checkReady();
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        const result = await this.#run<T>(text, params, options?.rowMode);
        // As PGlite's own query: the files follow each statement outside a transaction.
        if (!this.client.isInTransaction()) await this.client.syncToFs();
        return result;
      }),
    );
  }

  /** `tx.query(text, params, options)` inside a transaction of this client's (it holds the transaction lock). */
  async queryInTransaction<T>(
    tx: Pick<PGlite, 'query'>,
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!PgliteStatements.handles(options) || !this.#keeps(text)) return tx.query<T>(text, params, options);
    return this.client._runExclusiveQuery(() => this.#run<T>(text, params, options?.rowMode));
  }

  #keeps(text: string) {
    return this.#statements.has(text) || this.#statements.size < this.limit;
  }

  async #run<T>(
    text: string,
    params: unknown[],
    rowMode: QueryOptions['rowMode'],
    retried = false,
  ): Promise<Results<T>> {
    const statement = this.#statements.get(text) ?? (await this.#prepare(text));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = (this.client.serializers as Record<number, Serializer | undefined>)[
        statement.parameterTypes[index]!
      ];
      return serializer ? serializer(value) : String(value);
    });
    try {
      const messages = await this.client.execProtocolStream(
        concat(
          serialize.bind({ statement: statement.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ),
        { syncToFs: false },
      );
      return resultOf<T>(
        messages,
        statement.fields,
        this.client.parsers as Record<number, Parser | undefined>,
        rowMode,
      );
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (retried || !code || !STALE_STATEMENT.has(code)) throw error;
      this.#statements.delete(text);
      return this.#run<T>(text, params, rowMode, true);
    }
  }

  async #prepare(text: string): Promise<Statement> {
    const name = `pglite_statement_${(statementsMade += 1)}`;
    const messages = await this.client.execProtocolStream(
      concat(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    let parameterTypes: number[] = [];
    let fields: Field[] = [];
    for (const message of messages as Array<{ name: string; dataTypeIDs?: number[]; fields?: Field[] }>) {
      if (message.name === 'parameterDescription') parameterTypes = message.dataTypeIDs ?? [];
      if (message.name === 'rowDescription')
        fields = (message.fields ?? []).map(({ name: field, dataTypeID }) => ({ name: field, dataTypeID }));
    }
    const statement = { name, parameterTypes, fields };
    this.#statements.set(text, statement);
    return statement;
  }
}

const statementsByClient = new WeakMap<PGlite, PgliteStatements>();

/** PGlite's result of one statement (as its `query` makes it) from the messages of bind, execute and sync. */
function resultOf<T>(
  messages: Array<{ name: string }>,
  fields: Field[],
  parsers: Record<number, Parser | undefined>,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  const parse = (value: string | null, index: number) => {
    if (value === null) return null;
    const { dataTypeID } = fields[index]!;
    const parser = parsers[dataTypeID];
    return parser ? parser(value, dataTypeID) : value;
  };
  const rows: unknown[] = [];
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as unknown as { fields: Array<string | null> }).fields;
      rows.push(
        rowMode === 'array'
          ? values.map(parse)
          : Object.fromEntries(values.map((value, index) => [fields[index]!.name, parse(value, index)])),
      );
    } else if (message.name === 'commandComplete') {
      const words = (message as unknown as { text: string }).text.split(' ');
      const command = words[0]!;
      const count = Number.parseInt(words.at(-1)!, 10);
      const affected = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? count : 0;
      return {
        rows: rows as T[],
        fields,
        affectedRows: affected,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
        command,
      } as Results<T>;
    }
  }
  return { rows: rows as T[], fields, affectedRows: 0 } as Results<T>;
}
