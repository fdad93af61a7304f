import { describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { createApiClient } from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('api client', () => {
  it('parses the top-level domain list', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { tlds: [{ itemName: 'hbar' }] }));
    const client = createApiClient({ baseUrl: 'http://registry.test', fetch });
    await expect(client.listTlds()).resolves.toEqual({ tlds: [{ itemName: 'hbar' }] });
    const request = (fetch.mock.calls[0] as unknown as [Request])[0];
    expect(request.url).toBe('http://registry.test/api/tlds');
  });

  it('rejects an answer that does not match the contract', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, { tlds: [{ name: 'hbar' }] }));
    const client = createApiClient({ baseUrl: 'http://registry.test', fetch });
    await expect(client.listTlds()).rejects.toThrow();
  });

  it('announces an expired session on 401', async () => {
    const expired = vi.fn();
    const off = bus.on('session:expired', expired);
    const fetch = vi.fn(async () => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Sign in' }));
    const client = createApiClient({ baseUrl: 'http://registry.test', fetch });
    await expect(client.listTlds()).rejects.toThrow();
    expect(expired).toHaveBeenCalledTimes(1);
    off();
  });
});
