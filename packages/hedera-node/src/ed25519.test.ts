import { AccountId, Hbar, PrivateKey, Transaction, TransactionId, TransferTransaction } from '@hashgraph/sdk';
import { describe, expect, it } from 'vitest';
import { signTransaction, transactionSignedBy, verifySignature } from './ed25519';

/** A transfer frozen for two nodes, so it has two signed copies. */
function transfer(id = TransactionId.generate('0.0.1001')) {
  return new TransferTransaction()
    .addHbarTransfer('0.0.1001', Hbar.fromTinybars(-5))
    .addHbarTransfer('0.0.2', Hbar.fromTinybars(5))
    .setTransactionId(id)
    .setNodeAccountIds([new AccountId(3), new AccountId(4)])
    .freeze();
}

describe("Node's Ed25519 in place of the SDK's", () => {
  it('makes the same signature bytes as the SDK', async () => {
    const key = PrivateKey.generateED25519();
    const id = TransactionId.generate('0.0.1001');
    const ours = transfer(id);
    const theirs = transfer(id);
    const bodyOf = (transaction: Transaction) => Buffer.from(transaction.toBytes()).toString('hex');
    // Same body before signing (same id, nodes and transfers)...
    expect(bodyOf(ours)).toBe(bodyOf(theirs));
    await signTransaction(ours, key);
    await theirs.sign(key);
    // ...and the same bytes after: Ed25519 signatures are deterministic.
    expect(bodyOf(ours)).toBe(bodyOf(theirs));
    expect(transactionSignedBy(key.publicKey, Transaction.fromBytes(ours.toBytes()))).toBe(true);
  });

  it('agrees with the SDK on who signed every node copy', async () => {
    const signer = PrivateKey.generateED25519();
    const stranger = PrivateKey.generateED25519();
    const signed = transfer();
    await signed.sign(signer);
    const received = Transaction.fromBytes(signed.toBytes());
    expect(transactionSignedBy(signer.publicKey, received)).toBe(true);
    expect(transactionSignedBy(stranger.publicKey, received)).toBe(false);
    expect(stranger.publicKey.verifyTransaction(received)).toBe(false);
  });

  it('refuses a signature over other bytes and a signature of the wrong length', () => {
    const key = PrivateKey.generateED25519();
    const signature = key.sign(Buffer.from('pay 5'));
    expect(verifySignature(key.publicKey, Buffer.from('pay 500'), signature)).toBe(false);
    expect(verifySignature(key.publicKey, Buffer.from('pay 5'), signature.subarray(0, 63))).toBe(false);
  });

  it('leaves ECDSA keys to the SDK', async () => {
    const key = PrivateKey.generateECDSA();
    const signed = transfer();
    await signTransaction(signed, key);
    const received = Transaction.fromBytes(signed.toBytes());
    expect(transactionSignedBy(key.publicKey, received)).toBe(true);
    expect(key.publicKey.verifyTransaction(received)).toBe(true);
  });
});
