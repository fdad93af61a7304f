import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { expect } from 'vitest';
import { parse } from 'yaml';

/** The real mirror node's OpenAPI document: the local ledger's answers must fit its response schemas. */
const OPENAPI_FILE = fileURLToPath(new URL('../../reference/mirror-node-openapi.yml', import.meta.url));
const openapi = parse(readFileSync(OPENAPI_FILE, 'utf8')) as {
  components: { schemas: Record<string, unknown> };
};
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: 'mirror', components: openapi.components }, 'mirror');

/** Fails the test unless `body` fits the OpenAPI schema of that name. */
export function expectSchema(schemaName: string, body: unknown) {
  const validate = ajv.getSchema(`mirror#/components/schemas/${schemaName}`)!;
  const valid = validate(body);
  expect(valid, `${schemaName}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}
