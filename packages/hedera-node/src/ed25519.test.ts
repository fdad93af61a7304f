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

  it('checks ECDSA transactions as the SDK does', async () => {
    const key = PrivateKey.generateECDSA();
    const stranger = PrivateKey.generateECDSA();
    const signed = transfer();
    await signTransaction(signed, key);
    const received = Transaction.fromBytes(signed.toBytes());
    expect(transactionSignedBy(key.publicKey, received)).toBe(true);
    expect(key.publicKey.verifyTransaction(received)).toBe(true);
    expect(transactionSignedBy(stranger.publicKey, received)).toBe(false);
    expect(stranger.publicKey.verifyTransaction(received)).toBe(false);
  });
});

const CURVE_ORDER = BigInt('0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
const int32Bytes = (value: bigint) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex');

describe('ECDSA (secp256k1) checks with prepared keys', () => {
  const key = PrivateKey.generateECDSA();
  const message = Buffer.from('transfer 5 tinybars to 0.0.2');
  const signature = Buffer.from(key.sign(message));
  const r = BigInt(`0x${signature.subarray(0, 32).toString('hex')}`);
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`);

  /** Each case: the signature, the message and the key, as the SDK and this module both judge them. */
  const cases: [string, Uint8Array, Uint8Array, PrivateKey][] = [
    ['its own signature', signature, message, key],
    ['a signature of other bytes', signature, Buffer.from('transfer 500 tinybars to 0.0.2'), key],
    ['another key', signature, message, PrivateKey.generateECDSA()],
    ['a bit flipped in r', Buffer.concat([int32Bytes(r ^ 1n), signature.subarray(32)]), message, key],
    ['a bit flipped in s', Buffer.concat([signature.subarray(0, 32), int32Bytes(s ^ 1n)]), message, key],
    // The same point, with the high S (n − s): valid maths, refused by the low-S rule.
    [
      'its high-S twin',
      Buffer.concat([signature.subarray(0, 32), int32Bytes(CURVE_ORDER - s)]),
      message,
      key,
    ],
    ['r out of range', Buffer.concat([int32Bytes(CURVE_ORDER), signature.subarray(32)]), message, key],
    ['r of zero', Buffer.concat([int32Bytes(0n), signature.subarray(32)]), message, key],
  ];

  it.each(cases)('agree with the SDK on %s', (_case, candidate, signedMessage, signer) => {
    let bySdk: boolean;
    try {
      bySdk = signer.publicKey.verify(signedMessage, candidate);
    } catch {
      bySdk = false;
    }
    expect(verifySignature(signer.publicKey, signedMessage, candidate)).toBe(bySdk);
  });

  it('accept their own signature and refuse the rest', () => {
    expect(verifySignature(key.publicKey, message, signature)).toBe(true);
    expect(
      verifySignature(
        key.publicKey,
        message,
        Buffer.concat([signature.subarray(0, 32), int32Bytes(CURVE_ORDER - s)]),
      ),
    ).toBe(false);
    expect(verifySignature(key.publicKey, message, signature.subarray(0, 63))).toBe(false);
  });

  it('agree with the SDK on random messages and signatures', () => {
    for (let round = 0; round < 50; round += 1) {
      const signer = PrivateKey.generateECDSA();
      const bytes = Buffer.from(`message ${round} ${Math.random()}`);
      const good = Buffer.from(signer.sign(bytes));
      const bad = Buffer.from(good);
      bad.writeUInt8(bad.readUInt8(round % 64) ^ (1 << (round % 8)), round % 64);
      for (const candidate of [good, bad]) {
        expect(verifySignature(signer.publicKey, bytes, candidate)).toBe(
          signer.publicKey.verify(bytes, candidate),
        );
      }
    }
  });
});
