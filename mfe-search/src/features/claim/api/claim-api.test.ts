import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkClaim } from './claim-api';

afterEach(() => vi.unstubAllGlobals());

/** The server as fetch sees it: eligibility and availability answers (or a network failure). */
function serve(eligibility: { status: number; body: unknown } | 'network-error', availability?: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      if (url.pathname === '/api/claim/eligibility') {
        if (eligibility === 'network-error') throw new TypeError('Failed to fetch');
        return Response.json(eligibility.body, { status: eligibility.status });
      }
      return Response.json(availability);
    }),
  );
}

const available = {
  name: 'alpha.blade',
  status: 1,
  available: true,
  reserved: false,
  networkDown: false,
  price: 10,
  priceUsd: 0.5,
};

describe('claim checks (spec section 4)', () => {
  it.each([
    [-1, 'This Wallet is not eligible for claiming'],
    [0, 'This Wallet is not eligible for claiming'],
    [2, 'Reward already claimed'],
  ])('eligibility %i refuses with the spec message', async (status, message) => {
    serve({ status: 200, body: { status, msg: 'server text' } }, available);
    expect(await checkClaim('alpha.blade')).toEqual({ kind: 'refused', message, signedOut: false });
  });

  it('eligibility 1 goes on to availability and answers the price', async () => {
    serve({ status: 200, body: { status: 1, msg: 'Eligible' } }, available);
    expect(await checkClaim('alpha.blade')).toEqual({ kind: 'claimable', name: 'alpha.blade', price: 10 });
  });

  it('a taken or reserved name cannot be claimed', async () => {
    serve(
      { status: 200, body: { status: 1, msg: 'Eligible' } },
      { ...available, status: 0, available: false, reserved: true, price: null, priceUsd: null },
    );
    expect(await checkClaim('alpha.blade')).toMatchObject({
      kind: 'refused',
      message: 'alpha.blade: Reserved',
    });
  });

  it("a failed look-up is 'Something went wrong, Try again'; no session asks for the wallet", async () => {
    serve('network-error');
    expect(await checkClaim('alpha.blade')).toMatchObject({ message: 'Something went wrong, Try again' });
    serve({ status: 401, body: { code: 'UNAUTHORIZED', message: 'Sign in first' } });
    expect(await checkClaim('alpha.blade')).toEqual({
      kind: 'refused',
      message: 'Please Connect Wallet',
      signedOut: true,
    });
  });
});
