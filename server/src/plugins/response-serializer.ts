import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

export type ResponseSerializer = {
  serialize(data: unknown): string;
  /** `json-schema`: written from the schema's JSON Schema; `zod`: encoded by zod (schemas JSON Schema cannot express). */
  writtenBy: 'json-schema' | 'zod';
};

/**
 * Writes a response from its zod schema turned into JSON Schema by fast-json-stringify: only the declared
 * fields are written, as zod's encoding would, at about 1.5× the requests per second on the lightest routes
 * (zod encodes into a new object, then JSON.stringify walks it). Schemas JSON Schema cannot express
 * (transforms, big integers) keep zod's encoding. fast-json-stringify coerces instead of refusing a value
 * of the wrong type, so with `check` (the tests) each response is also checked against its zod schema.
 */
export function responseSerializer(
  schema: z.core.$ZodType,
  { check, method = 'GET', url = '' }: { check: boolean; method?: string; url?: string },
): ResponseSerializer {
  const zodSerialize = (zodSerializerCompiler as FastifySerializerCompiler<z.core.$ZodType>)({
    schema,
    method,
    url,
  }) as (data: unknown) => string;
  let fast: (data: unknown) => string;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    fast = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return { serialize: zodSerialize, writtenBy: 'zod' };
  }
  return {
    writtenBy: 'json-schema',
    serialize: check
      ? (data) => {
          // Throws as zod's serializer does (a 500) when the handler's answer breaks its contract.
          zodSerialize(data);
          return fast(data);
        }
      : fast,
  };
}

export const responseSerializerCompiler =
  (check: boolean): FastifySerializerCompiler<z.core.$ZodType> =>
  ({ schema, method, url }) =>
    responseSerializer(schema, { check, method, url }).serialize;
