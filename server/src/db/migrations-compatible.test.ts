import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../paths';

/**
 * Servers are upgraded one at a time (docs/deploy.md): while the first server of a new version
 * migrates, servers of the previous version go on reading and writing the same tables. A migration may
 * therefore only add, never take away what the previous version uses nor refuse what it writes.
 */
function breakingStatements(sql: string): string[] {
  const statements = sql
    .split(/--> statement-breakpoint|;\s*\n/)
    .map((statement) => statement.replace(/\s+/g, ' ').trim().replace(/;$/, ''))
    .filter(Boolean);
  // Tables made by this same migration: no server of the previous version knows them.
  const newTables = new Set(
    statements.flatMap(
      (statement) => /^CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/i.exec(statement)?.[1] ?? [],
    ),
  );
  const onNewTable = (statement: string) => {
    const table = /^(?:ALTER TABLE|CREATE (?:UNIQUE )?INDEX (?:IF NOT EXISTS )?"[^"]+" ON) "([^"]+)"/i.exec(
      statement,
    )?.[1];
    return table !== undefined && newTables.has(table);
  };
  const rules: Array<[RegExp, (statement: string) => boolean]> = [
    [/\bDROP (TABLE|COLUMN|VIEW|TYPE|SCHEMA)\b/i, () => true],
    [/\bRENAME\b/i, () => true],
    [/\bALTER COLUMN "[^"]+" (SET DATA )?TYPE\b/i, () => true],
    [/\bSET NOT NULL\b/i, () => true],
    // A required column without a default: the previous version's inserts leave it out.
    [/\bADD COLUMN\b/i, (statement) => /\bNOT NULL\b/i.test(statement) && !/\bDEFAULT\b/i.test(statement)],
    // A new rule on a table the previous version writes may refuse what it writes.
    [/\bADD CONSTRAINT\b/i, (statement) => !onNewTable(statement)],
    [/^CREATE UNIQUE INDEX\b/i, (statement) => !onNewTable(statement)],
  ];
  return statements.filter((statement) =>
    rules.some(([pattern, breaks]) => pattern.test(statement) && breaks(statement)),
  );
}

const MIGRATIONS = path.join(SERVER_ROOT, 'drizzle');

/** Written before servers were upgraded one at a time; kept as they ran. */
const EARLIER_THAN_ROLLING_UPGRADES = [
  `0006_payment-edges.sql: CREATE UNIQUE INDEX "orders_one_claim_per_account" ON "orders" USING btree ("account_id") WHERE kind = 'claim' and status in ('quoted', 'paid', 'completed')`,
];

describe('migrations a server of the previous version lives through', () => {
  it('every migration after the first only adds', () => {
    const files = readdirSync(MIGRATIONS)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    expect(files.length).toBeGreaterThan(1);
    // The first made the schema from nothing: no server ran before it.
    const breaking = files
      .slice(1)
      .flatMap((file) =>
        breakingStatements(readFileSync(path.join(MIGRATIONS, file), 'utf8')).map(
          (statement) => `${file}: ${statement}`,
        ),
      );
    expect(breaking).toEqual(EARLIER_THAN_ROLLING_UPGRADES);
  });

  it('the check finds what would break the previous version, and lets through what adds', () => {
    const breaking = [
      'ALTER TABLE "orders" DROP COLUMN "memo";',
      'DROP TABLE "sessions";',
      'ALTER TABLE "orders" RENAME COLUMN "memo" TO "note";',
      'ALTER TABLE "orders" ALTER COLUMN "amount" SET DATA TYPE numeric;',
      'ALTER TABLE "orders" ALTER COLUMN "memo" SET NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "channel" text NOT NULL;',
      'ALTER TABLE "orders" ADD CONSTRAINT "orders_memo_unique" UNIQUE("memo");',
      'CREATE UNIQUE INDEX "orders_memo" ON "orders" USING btree ("memo");',
    ];
    for (const statement of breaking)
      expect(breakingStatements(statement), statement).toEqual([statement.slice(0, -1)]);
    const adding = [
      'CREATE TABLE "wishes" ("id" text PRIMARY KEY NOT NULL, "owner" text NOT NULL);',
      'ALTER TABLE "wishes" ADD CONSTRAINT "wishes_owner_fk" FOREIGN KEY ("owner") REFERENCES "profiles"("account_id");',
      'CREATE UNIQUE INDEX "wishes_owner" ON "wishes" USING btree ("owner");',
      'ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT \'web\' NOT NULL;',
      'ALTER TABLE "orders" ADD COLUMN "note" text;',
      'ALTER TABLE "orders" ALTER COLUMN "memo" DROP NOT NULL;',
      'CREATE INDEX "orders_note" ON "orders" USING btree ("note");',
    ].join('--> statement-breakpoint\n');
    expect(breakingStatements(adding)).toEqual([]);
  });
});
