import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANSWER_SCHEMAS,
  answerJsonSchema,
  answerValidatorsSource,
  VALIDATORS_FILE,
  VALIDATORS_TYPES_FILE,
  type AnswerName,
} from '../scripts/answer-validators';
import { answerChecks } from './answer-checks';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  anyOf?: JsonSchema[];
};

/**
 * Values around what a JSON Schema describes: mostly of its shape (optional keys present or not, keys
 * it does not declare), sometimes with any JSON value in a place, so both refusals and answers occur.
 */
function valuesNear(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: shapedLike(schema) }, { weight: 1, arbitrary: fc.jsonValue() });
}

function shapedLike(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valuesNear));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.type))
    return fc.oneof(...schema.type.map((type) => shapedLike({ ...schema, type })));
  switch (schema.type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const declared = fc.record(
        Object.fromEntries(properties.map(([key, property]) => [key, valuesNear(property)])),
      );
      // Now and then one key is missing: a required one is refused, an optional one is fine.
      const missing = properties.length
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constant(undefined) },
            { weight: 1, arbitrary: fc.constantFrom(...properties.map(([key]) => key)) },
          )
        : fc.constant(undefined);
      const undeclared = fc.dictionary(fc.constantFrom('extra', 'note', '__meta'), fc.jsonValue(), {
        maxKeys: 2,
      });
      return fc.tuple(declared, missing, undeclared).map(([known, dropped, other]) => {
        const value: Record<string, unknown> = { ...other, ...known };
        if (dropped !== undefined) delete value[dropped];
        return value;
      });
    }
    case 'array':
      return fc.array(valuesNear(schema.items ?? {}), { maxLength: 3 });
    case 'string':
      return schema.pattern
        ? fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), fc.string())
        : fc.string({ maxLength: 8 });
    case 'integer':
      return fc.oneof(
        fc.integer(),
        fc.maxSafeInteger().map((value) => value * 4),
      );
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue();
  }
}

const names = Object.keys(ANSWER_SCHEMAS) as AnswerName[];

describe('the compiled answer checks', () => {
  it("are what the contracts' schemas compile to now (run `pnpm --filter @registry/contracts run generate` after changing one)", () => {
    const { code, types } = answerValidatorsSource();
    expect(readFileSync(VALIDATORS_FILE, 'utf8')).toBe(code);
    expect(readFileSync(VALIDATORS_TYPES_FILE, 'utf8')).toBe(types);
    expect(Object.keys(answerChecks).sort()).toEqual([...names].sort());
  });

  it.each(names)(
    '%s: accepts exactly what its zod schema accepts, and answers what zod answers',
    async (name) => {
      const { schema } = ANSWER_SCHEMAS[name];
      const check = answerChecks[name]['~standard'];
      let accepted = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(valuesNear(answerJsonSchema(schema) as JsonSchema), async (value) => {
          const byZod = schema.safeParse(structuredClone(value));
          const checked = await check.validate(structuredClone(value));
          expect(checked.issues === undefined, JSON.stringify(value)).toBe(byZod.success);
          if (byZod.success) {
            accepted += 1;
            expect((checked as { value: unknown }).value).toEqual(byZod.data);
          } else refused += 1;
        }),
        { numRuns: 400 },
      );
      // Both sides of the rule were tried.
      expect(accepted).toBeGreaterThan(20);
      expect(refused).toBeGreaterThan(20);
    },
  );

  it('drop keys an answer does not declare and refuse a remote the shell does not know', async () => {
    const list = {
      remotes: [{ name: 'search', entry: '/remotes/mfe-search/remoteEntry.js', injected: '<script>' }],
      extra: 1,
    };
    expect(await answerChecks.remotesList['~standard'].validate(list)).toEqual({
      value: { remotes: [{ name: 'search', entry: '/remotes/mfe-search/remoteEntry.js' }] },
    });
    const unknownRemote = { remotes: [{ name: 'wallet_drainer', entry: 'https://evil.example/x.js' }] };
    expect((await answerChecks.remotesList['~standard'].validate(unknownRemote)).issues).toEqual([
      { message: 'The answer is not a valid remotes list' },
    ]);
    expect(
      (await answerChecks.rate['~standard'].validate({ usdPerHbar: '0.05', fetchedAt: '' })).issues,
    ).toHaveLength(1);
  });
});
