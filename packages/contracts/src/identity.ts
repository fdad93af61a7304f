import * as z from 'zod/mini';
import { AccountIdSchema } from './account';
import { DomainNameSchema } from './domains';

/** Most account ids one reverse look-up answers: a wallet's or explorer's page of accounts. */
export const MAX_REVERSE_BATCH = 100;

/** An account's primary name: the name it is shown by instead of `0.0.x`; null when none stands. */
export const PrimaryNameSchema = z.object({ name: z.nullable(z.string()) });
export type PrimaryName = z.infer<typeof PrimaryNameSchema>;

export const SetPrimaryNameSchema = z.object({ name: DomainNameSchema });

export const ReverseParamsSchema = z.object({ accountId: AccountIdSchema });
export const ReverseResponseSchema = z.object({ accountId: z.string(), name: z.string() });

export const ReverseBatchRequestSchema = z.object({
  accountIds: z.array(AccountIdSchema).check(z.minLength(1), z.maxLength(MAX_REVERSE_BATCH)),
});
/** Each asked id (in its canonical spelling) with its primary name, or null when it has none. */
export const ReverseBatchResponseSchema = z.object({
  names: z.record(z.string(), z.nullable(z.string())),
});
export type ReverseBatchResponse = z.infer<typeof ReverseBatchResponseSchema>;
