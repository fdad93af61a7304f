/** The bench's command-line options (`--key=value`, or `--key` alone for true). */
export const args = parseArgs(process.argv.slice(2));

/** `--key=value`, `--key value`, or `--key` alone (true). */
function parseArgs(argv: string[]): Map<string, string> {
  const parsed = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const [key, inline] = argv[index]!.replace(/^--/, '').split('=');
    const next = argv[index + 1];
    if (inline !== undefined) parsed.set(key!, inline);
    else if (next !== undefined && !next.startsWith('--')) {
      parsed.set(key!, next);
      index += 1;
    } else parsed.set(key!, 'true');
  }
  return parsed;
}

/** Seconds of load per path. */
export const DURATION_S = Number(args.get('duration') ?? 10);
/** Connections kept open by the load generator. */
export const CONNECTIONS = Number(args.get('connections') ?? 50);
/** The PostgreSQL server where the bench creates and drops databases of its own. */
export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * Buyers of the purchase pipelines (`--buyers`): enough that the 25 in flight stay busy for several
 * seconds; with fewer, the start (all at once) and the tail (fewer than 25 left) weigh on orders/s.
 */
export const PIPELINE_BUYERS = Number(args.get('buyers') ?? 400);
export const PIPELINE_CONCURRENCY = 25;
