import { createApiClient } from '@registry/api-client/client';

/** The remote's one client (every page of my domains calls through it). */
export const myDomainsApi = createApiClient();

/** Spec section 4: a domain is Active while its expiry is later than its purchase date. */
export const activeLabel = (expireOn: string, purDate: string) =>
  new Date(expireOn).getTime() > new Date(purDate).getTime() ? 'Active' : 'Inactive';

export const dateText = (iso: string) => new Date(iso).toLocaleDateString();
