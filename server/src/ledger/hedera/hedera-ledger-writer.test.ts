import { PrivateKey, Transaction, TransferTransaction, Hbar } from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { HederaLedgerWriter } from './hedera-ledger-writer';

describe('Hedera writer', () => {
  it('prepares operator-paid, operator-signed transaction bytes offline', async () => {
    const key = PrivateKey.generateED25519();
    const writer = new HederaLedgerWriter('testnet', '0.0.4321', key.toStringDer());
    try {
      const prepared = await writer.prepare(
        new TransferTransaction()
          .addHbarTransfer('0.0.4321', Hbar.fromTinybars(-1))
          .addHbarTransfer('0.0.98', Hbar.fromTinybars(1)),
      );
      expect(prepared.transactionId).toMatch(/^0\.0\.4321-\d+-\d{9}$/);
      const decoded = Transaction.fromBytes(prepared.bytes);
      expect(key.publicKey.verifyTransaction(decoded)).toBe(true);
      expect(decoded.nodeAccountIds!.length).toBeGreaterThan(0);
      expect(writer.operatorPublicKey.toStringRaw()).toBe(key.publicKey.toStringRaw());
    } finally {
      writer.close();
    }
  });
});
