import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { bus } from '@registry/bus';
import { TldListResponseSchema, type TldListResponse } from '@registry/contracts/tld';

export type ApiClientOptions = {
  /** Origin of the server; the page's own origin when omitted. */
  baseUrl?: string;
  fetch?: typeof fetch;
};

export type ApiClient = {
  listTlds(): Promise<TldListResponse>;
};

/** Typed client of the server API. A 401 from any call tells the shell to clear stored state. */
export function createApiClient({ baseUrl, fetch: fetchImpl }: ApiClientOptions = {}): ApiClient {
  const http: KyInstance = ky.create({
    prefixUrl: `${baseUrl ?? globalThis.location?.origin ?? ''}/api`,
    credentials: 'include',
    retry: 0,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    hooks: {
      afterResponse: [
        (_request, _options, response) => {
          if (response.status === 401) bus.emit('session:expired', {});
        },
      ],
    },
  });

  async function getParsed<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    return schema.parse(await http.get(path).json());
  }

  return {
    listTlds: () => getParsed('tlds', TldListResponseSchema),
  };
}
