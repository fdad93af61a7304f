import { createApiClient } from '@registry/api-client/client';

/** The shell's client of the server API: every call the shell makes goes through it. */
export const api = createApiClient();
