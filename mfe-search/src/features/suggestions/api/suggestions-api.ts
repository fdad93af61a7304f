import { createApiClient } from '@registry/api-client/client';
import type { Suggestion } from '@registry/contracts/domains';

const api = createApiClient();

/** Names like the searched one, each with its yearly price in HBAR and its similarity. */
export async function fetchSuggestions(name: string): Promise<Suggestion[]> {
  return (await api.getSuggestions(name)).suggestions;
}
