import { ApiErrorSchema } from '@registry/contracts/api-error';
import {
  AvailabilityResponseSchema,
  SuggestionsResponseSchema,
  TakenResponseSchema,
} from '@registry/contracts/domains';
import { RateSchema } from '@registry/contracts/network';
import { ResolveResponseSchema } from '@registry/contracts/records';
import { TldListResponseSchema } from '@registry/contracts/tld';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer';

const Listing = z.object({
  name: z.string(),
  price: z.number(),
  note: z.string().optional(),
  owner: z.nullable(z.string()),
  status: z.union([z.literal(1), z.literal(22)]),
  tags: z.array(z.object({ label: z.string() })),
  records: z.record(z.string(), z.string()),
});

describe('response serializer', () => {
  it('writes only the declared fields, as zod’s encoding does', () => {
    const serializer = responseSerializer(Listing, { check: false });
    expect(serializer.writtenBy).toBe('json-schema');
    const answers = [
      {
        name: 'alice.hbar',
        price: 10.5,
        owner: null,
        status: 22,
        tags: [{ label: 'a "quoted" <b>label</b>', internal: 7 }],
        records: { email: 'a@b.c' },
        sessionSecret: 'must not leak',
      },
      { name: 'bob.hbar', price: 0, note: 'é ✓', owner: '0.0.1001', status: 1, tags: [], records: {} },
    ];
    for (const answer of answers) {
      const written = serializer.serialize(answer);
      expect(written).not.toContain('must not leak');
      expect(written).not.toContain('internal');
      expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(z.encode(Listing, answer as never))));
    }
  });

  it('keeps zod’s encoding for a schema JSON Schema cannot express', () => {
    const serializer = responseSerializer(z.object({ at: z.date() }), { check: false });
    expect(serializer.writtenBy).toBe('zod');
    expect(serializer.serialize({ at: new Date(0), extra: 1 })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('refuses an answer that breaks its schema when checking, which is what the tests run with', () => {
    // A number where a name belongs: written as the string "42" unless checked.
    const broken = { name: 42, price: 1, owner: null, status: 1, tags: [], records: {} };
    expect(() => responseSerializer(Listing, { check: true }).serialize(broken)).toThrow();
    expect(JSON.parse(responseSerializer(Listing, { check: false }).serialize(broken)).name).toBe('42');
  });

  it('writes every hot path’s answer from its JSON Schema', () => {
    for (const schema of [
      AvailabilityResponseSchema,
      SuggestionsResponseSchema,
      TakenResponseSchema,
      ResolveResponseSchema,
      TldListResponseSchema,
      RateSchema,
      ApiErrorSchema,
    ])
      expect(responseSerializer(schema, { check: false }).writtenBy).toBe('json-schema');
  });
});
