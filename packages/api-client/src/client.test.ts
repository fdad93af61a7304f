import { describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { ApiRequestError, createApiClient } from './client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function clientAnswering(status: number, body: unknown) {
  const sentBodies: string[] = [];
  const fetch = vi.fn(async (request: Request) => {
    sentBodies.push(await request.clone().text());
    return jsonResponse(status, body);
  });
  return {
    fetch,
    sentBodies,
    client: createApiClient({
      baseUrl: 'http://registry.test',
      fetch: fetch as unknown as typeof globalThis.fetch,
    }),
  };
}

describe('api client', () => {
  it('parses the top-level domain list', async () => {
    const { client, fetch } = clientAnswering(200, { tlds: [{ itemName: 'hbar' }] });
    await expect(client.listTlds()).resolves.toEqual({ tlds: [{ itemName: 'hbar' }] });
    expect(fetch.mock.calls[0]![0].url).toBe('http://registry.test/api/tlds');
  });

  it('sends query strings and path names encoded', async () => {
    const availability = {
      name: 'alpha.hbar',
      status: 1,
      available: true,
      reserved: false,
      networkDown: false,
      price: 10,
      priceUsd: 0.5,
    };
    const { client, fetch } = clientAnswering(200, availability);
    await expect(client.checkAvailability('alpha.hbar')).resolves.toEqual(availability);
    expect(fetch.mock.calls[0]![0].url).toBe('http://registry.test/api/domains/availability?name=alpha.hbar');
  });

  it('posts JSON bodies', async () => {
    const { client, fetch, sentBodies } = clientAnswering(200, { taken: [{ itemName: 'a.hbar' }] });
    await expect(client.findTakenNames(['a.hbar', 'b.hbar'])).resolves.toEqual({
      taken: [{ itemName: 'a.hbar' }],
    });
    expect(fetch.mock.calls[0]![0].method).toBe('POST');
    expect(JSON.parse(sentBodies[0]!)).toEqual({ names: ['a.hbar', 'b.hbar'] });
  });

  it("turns an answer without data, or one that does not match the contract, into -404 'Invalid Operation'", async () => {
    for (const body of [{ tlds: [{ name: 'hbar' }] }, null]) {
      const { client } = clientAnswering(200, body);
      await expect(client.listTlds()).rejects.toMatchObject({
        status: -404,
        code: 'INVALID_OPERATION',
        message: 'Invalid Operation',
      });
    }
    const empty = createApiClient({
      baseUrl: 'http://registry.test',
      fetch: (async () => new Response('', { status: 200 })) as unknown as typeof globalThis.fetch,
    });
    await expect(empty.listTlds()).rejects.toMatchObject({ status: -404, message: 'Invalid Operation' });
  });

  it("turns an error answer into an ApiRequestError with the server's code and message", async () => {
    const { client } = clientAnswering(400, {
      code: 'UNKNOWN_TLD',
      message: '.com is not a top-level domain on sale',
    });
    const error = await client.checkAvailability('alpha.com').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'UNKNOWN_TLD',
      message: '.com is not a top-level domain on sale',
    });
  });

  it('announces an expired session on 401', async () => {
    const expired = vi.fn();
    const off = bus.on('session:expired', expired);
    const { client } = clientAnswering(401, { code: 'UNAUTHORIZED', message: 'Sign in with your wallet' });
    await expect(client.listMyDomains()).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(expired).toHaveBeenCalledTimes(1);
    off();
  });
});
