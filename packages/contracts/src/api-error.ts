import * as z from 'zod/mini';

/** Body of every 4xx/5xx answer of the server. */
export const ApiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
