import { describe, expect, it } from 'vitest';
import type { OrderRow } from '@registry/contracts/my-domains';
import { ordersCsv, transactionLink } from './profile-api';

const order = (change: Partial<OrderRow>): OrderRow => ({
  id: '1',
  itemName: 'alice.hbar',
  kind: 'domains',
  purDate: '2026-11-01T10:00:00.000Z',
  months: 12,
  price: 10,
  expiresOn: '2027-11-01T10:00:00.000Z',
  refundedHbar: 0,
  transactionId: '0.0.1001@1700000000.000000001',
  ...change,
});

describe('the order history download', () => {
  it('is CSV with a header, one line per order line, quoted where needed', () => {
    const csv = ordersCsv([
      order({}),
      order({ itemName: 'bob,"x".hbar', kind: 'subscription', expiresOn: null }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Domain / Subscription,Kind,Purchase date,Expiry,Months,Amount (HBAR),Refunded (HBAR),Transaction',
      'alice.hbar,Domain,2026-11-01T10:00:00.000Z,2027-11-01T10:00:00.000Z,12,10.00,0.00,0.0.1001@1700000000.000000001',
      '"bob,""x"".hbar",Subscription,2026-11-01T10:00:00.000Z,,12,10.00,0.00,0.0.1001@1700000000.000000001',
      '',
    ]);
  });

  it('never hands a spreadsheet a formula', () => {
    expect(ordersCsv([order({ itemName: '=HYPERLINK("x")' })])).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('the link of a payment', () => {
  it("is the local mirror node's answer, or HashScan on Hedera's networks", () => {
    const local = {
      network: 'local',
      mirrorNodeUrl: '/ledger',
      treasuryAccountId: '0.0.2',
      walletConnectProjectId: null,
    };
    expect(transactionLink('0.0.1001@1700000000.000000001', local)).toBe(
      '/ledger/api/v1/transactions/0.0.1001-1700000000-000000001',
    );
    expect(transactionLink('0.0.1001@1700000000.000000001', { ...local, network: 'testnet' })).toBe(
      'https://hashscan.io/testnet/transaction/0.0.1001-1700000000-000000001',
    );
    expect(transactionLink('0.0.1001@1700000000.000000001', null)).toBeNull();
  });
});
