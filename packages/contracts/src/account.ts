import { z } from 'zod';

/** A Hedera account id, `shard.realm.num`. */
export const AccountIdSchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}\.\d{1,10}\.\d{1,19}$/, 'must be an account id such as 0.0.1234');
export type AccountId = z.infer<typeof AccountIdSchema>;
