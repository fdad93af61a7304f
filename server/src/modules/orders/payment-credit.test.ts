import { describe, expect, it } from 'vitest';
import type { MirrorTransaction } from '../../ledger/mirror-reader';
import { creditTo } from './payment-record';

const record = (overrides: Partial<MirrorTransaction>): MirrorTransaction => ({
  transaction_id: '0.0.1001-1700000000-000000001',
  consensus_timestamp: '1700000001.000000001',
  result: 'SUCCESS',
  name: 'CRYPTOTRANSFER',
  nonce: 0,
  scheduled: false,
  memo_base64: null,
  charged_tx_fee: 100_000,
  transfers: [],
  ...overrides,
});

describe("a payment's credit to the treasury", () => {
  it('is what the payer sent the treasury, whatever else moved', () => {
    expect(
      creditTo(
        record({
          transfers: [
            { account: '0.0.1001', amount: -500_100_000 },
            { account: '0.0.2', amount: 500_000_000 },
            { account: '0.0.98', amount: 100_000 },
          ],
        }),
        '0.0.2',
      ),
    ).toBe(500_000_000n);
  });

  it("leaves out a staking reward the network paid the treasury with it: not the payer's money", () => {
    expect(
      creditTo(
        record({
          transfers: [
            { account: '0.0.1001', amount: -500_100_000 },
            { account: '0.0.2', amount: 500_000_000 },
            { account: '0.0.2', amount: 12_345 },
            { account: '0.0.800', amount: -12_345 },
          ],
          staking_reward_transfers: [{ account: '0.0.2', amount: 12_345 }],
        }),
        '0.0.2',
      ),
    ).toBe(500_000_000n);
    expect(
      creditTo(
        record({
          transfers: [
            { account: '0.0.2', amount: 12_345 },
            { account: '0.0.800', amount: -12_345 },
          ],
          staking_reward_transfers: [{ account: '0.0.2', amount: 12_345 }],
        }),
        '0.0.2',
      ),
    ).toBe(0n);
  });
});
