// Compiles the answers the browser checks on its first load into plain validation functions, so a
// page checks them without loading the schema library: each zod schema becomes a JSON Schema, and
// schemasafe writes the code that validates it. `pnpm --filter @registry/contracts run generate` rewrites
// src/generated/; a test fails when what is there is not what the schemas give now.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validator, type Schema } from '@exodus/schemasafe';
import * as z from 'zod/mini';
import { ApiErrorSchema } from '../src/api-error';
import {
  ChallengeResponseSchema,
  LogoutEverywhereResponseSchema,
  SessionResponseSchema,
  SignedInAccountSchema,
} from '../src/auth';
import { AvailabilityResponseSchema, SuggestionsResponseSchema, TakenResponseSchema } from '../src/domains';
import { LedgerInfoSchema, RateSchema } from '../src/network';
import { RemotesManifestSchema } from '../src/remote-list';
import { TldListResponseSchema } from '../src/tld';

/** Each compiled answer: its name in the generated module, its schema, and where the schema is. */
export const ANSWER_SCHEMAS = {
  apiError: { schema: ApiErrorSchema, from: ['api-error', 'ApiErrorSchema'] },
  rate: { schema: RateSchema, from: ['network', 'RateSchema'] },
  ledgerInfo: { schema: LedgerInfoSchema, from: ['network', 'LedgerInfoSchema'] },
  tldList: { schema: TldListResponseSchema, from: ['tld', 'TldListResponseSchema'] },
  availability: { schema: AvailabilityResponseSchema, from: ['domains', 'AvailabilityResponseSchema'] },
  suggestions: { schema: SuggestionsResponseSchema, from: ['domains', 'SuggestionsResponseSchema'] },
  taken: { schema: TakenResponseSchema, from: ['domains', 'TakenResponseSchema'] },
  challenge: { schema: ChallengeResponseSchema, from: ['auth', 'ChallengeResponseSchema'] },
  session: { schema: SessionResponseSchema, from: ['auth', 'SessionResponseSchema'] },
  signedInAccount: { schema: SignedInAccountSchema, from: ['auth', 'SignedInAccountSchema'] },
  logoutEverywhere: {
    schema: LogoutEverywhereResponseSchema,
    from: ['auth', 'LogoutEverywhereResponseSchema'],
  },
  remotesList: { schema: RemotesManifestSchema, from: ['remote-list', 'RemotesManifestSchema'] },
} as const;

export type AnswerName = keyof typeof ANSWER_SCHEMAS;

const GENERATED_DIR = new URL('../src/generated/', import.meta.url);
export const VALIDATORS_FILE = new URL('answer-validators.js', GENERATED_DIR);
export const VALIDATORS_TYPES_FILE = new URL('answer-validators.d.ts', GENERATED_DIR);

const HEADER = "// Written by packages/contracts/scripts/answer-validators.ts from the contracts' schemas.\n";

/** The JSON Schema zod states for what `schema.parse` returns (a transform or refinement throws here). */
export function answerJsonSchema(schema: z.ZodMiniType): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'throw',
  });
  return jsonSchema;
}

/** The validators' module and its declarations. */
export function answerValidatorsSource(): { code: string; types: string } {
  const names = Object.keys(ANSWER_SCHEMAS) as AnswerName[];
  const validators = names.map((name) => {
    const validate = validator(answerJsonSchema(ANSWER_SCHEMAS[name].schema) as Schema, {
      // zod drops keys an object does not declare; so does the validator.
      removeAdditional: true,
      // An answer that does not fit is refused whole: which key failed is not needed.
      includeErrors: false,
      // What it checks came from JSON.parse.
      isJSON: true,
      mode: 'default',
    });
    return `export const ${name} = ${validate.toModule()};\n`;
  });
  const code = validators.join('\n');
  const modules = [...new Set(names.map((name) => ANSWER_SCHEMAS[name].from[0]))];
  const types = [
    HEADER,
    "import type * as z from 'zod/mini';",
    ...modules.map((module) => {
      const imported = names.filter((name) => ANSWER_SCHEMAS[name].from[0] === module);
      return `import type { ${[...new Set(imported.map((name) => ANSWER_SCHEMAS[name].from[1]))].join(', ')} } from '../${module}';`;
    }),
    '',
    '/** True when `data` is the answer; keys it does not declare are removed from it. */',
    'export type AnswerValidator<T> = (data: unknown) => data is T;',
    '',
    ...names.map(
      (name) =>
        `export declare const ${name}: AnswerValidator<z.output<typeof ${ANSWER_SCHEMAS[name].from[1]}>>;`,
    ),
    '',
  ].join('\n');
  return { code: `${HEADER}${code}\n`, types };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { code, types } = answerValidatorsSource();
  writeFileSync(VALIDATORS_FILE, code);
  writeFileSync(VALIDATORS_TYPES_FILE, types);
  console.log(`Wrote ${fileURLToPath(VALIDATORS_FILE)} (${code.length} characters)`);
}
