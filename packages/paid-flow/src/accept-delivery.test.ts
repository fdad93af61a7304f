import { describe, expect, it, vi } from 'vitest';
import { acceptDelivery } from './accept-delivery';

describe('acceptDelivery', () => {
  it('waits for a name minted in the background, associates each collection once, then asks for delivery', async () => {
    const tokens: Record<string, (string | null)[]> = {
      'a.hbar': [null, null, '0.0.7'],
      'b.hbar': ['0.0.7'],
    };
    const api = {
      getDomainDetails: vi.fn(async (name: string) => {
        const minted = tokens[name]!;
        return { tokenId: minted.length > 0 ? minted.shift()! : '0.0.7' };
      }),
      checkDeliveries: vi.fn(async () => ({ delivered: ['a.hbar', 'b.hbar'] })),
    };
    const wallet = { associateToken: vi.fn(async () => ({ result: 1 as const })) };
    const check = await acceptDelivery(api as never, wallet as never, ['a.hbar', 'b.hbar'], { pollMs: 1 });
    expect(api.getDomainDetails).toHaveBeenCalledTimes(4);
    expect(wallet.associateToken.mock.calls).toEqual([['0.0.7']]);
    expect(check.delivered).toEqual(['a.hbar', 'b.hbar']);
  });

  it('gives up on a name with no token after the wait, and still asks for the rest', async () => {
    const api = {
      getDomainDetails: vi.fn(async () => ({ tokenId: null })),
      checkDeliveries: vi.fn(async () => ({ delivered: [] })),
    };
    const wallet = { associateToken: vi.fn() };
    await acceptDelivery(api as never, wallet as never, ['a.hbar'], { mintWaitMs: 20, pollMs: 5 });
    expect(wallet.associateToken).not.toHaveBeenCalled();
    expect(api.checkDeliveries).toHaveBeenCalledOnce();
  });

  it('counts as delivered a name the registry delivered between the association and the check', async () => {
    const api = {
      getDomainDetails: vi.fn(async (name: string) =>
        name === 'a.hbar' ? { tokenId: '0.0.7', status: 22 } : { tokenId: '0.0.7', status: 21 },
      ),
      checkDeliveries: vi.fn(async () => ({ delivered: [], pending: ['c.hbar'] })),
    };
    const wallet = { associateToken: vi.fn(async () => ({ result: 1 as const })) };
    const check = await acceptDelivery(api as never, wallet as never, ['a.hbar', 'b.hbar', 'c.hbar'], {
      pollMs: 1,
    });
    expect(check.delivered).toEqual(['a.hbar']);
    expect(check.pending).toEqual(['c.hbar']);
  });
});
