import * as z from 'zod/mini';

/** One top-level domain the registry sells, e.g. `hbar`. */
export const TldSchema = z.object({
  itemName: z.string().check(z.regex(/^[a-z0-9]{1,20}$/)),
});
export type Tld = z.infer<typeof TldSchema>;

export const TldListResponseSchema = z.object({
  tlds: z.array(TldSchema),
});
export type TldListResponse = z.infer<typeof TldListResponseSchema>;
