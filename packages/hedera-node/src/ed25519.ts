import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { PublicKey, type PrivateKey, type Transaction } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { mod, invert } from '@noble/curves/abstract/modular';
import type { ProjPointType } from '@noble/curves/abstract/weierstrass';
import { secp256k1 } from '@noble/curves/secp256k1';
import { keccak_256 } from '@noble/hashes/sha3';

/**
 * Ed25519 through Node's own crypto. The SDK signs and verifies Ed25519 in JavaScript (tweetnacl), a few
 * milliseconds each: with every payment, mint and delivery signed and checked, that was most of the
 * server's time. Signatures are the same bytes (Ed25519 is deterministic); ECDSA keys stay with the SDK.
 */

/** DER header of an Ed25519 SubjectPublicKeyInfo; the 32 raw key bytes follow. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const publicKeyObjects = new Map<string, KeyObject>();
const MAX_KEPT_KEYS = 10_000;

function publicKeyObject(raw: Uint8Array): KeyObject {
  const id = Buffer.from(raw).toString('hex');
  let keyObject = publicKeyObjects.get(id);
  if (!keyObject) {
    if (publicKeyObjects.size >= MAX_KEPT_KEYS) publicKeyObjects.clear();
    keyObject = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, raw]), format: 'der', type: 'spki' });
    publicKeyObjects.set(id, keyObject);
  }
  return keyObject;
}

/**
 * ECDSA (secp256k1) public keys as curve points with their multiplication tables: the SDK decompresses
 * the key and multiplies without tables at every check; a payer's key, checked with each of its
 * transactions, is prepared once.
 */
const ecdsaPoints = new Map<string, ProjPointType<bigint>>();

function ecdsaPoint(raw: Uint8Array): ProjPointType<bigint> {
  const id = Buffer.from(raw).toString('hex');
  let point = ecdsaPoints.get(id);
  if (!point) {
    if (ecdsaPoints.size >= MAX_KEPT_KEYS) ecdsaPoints.clear();
    point = secp256k1.ProjectivePoint.fromHex(raw);
    point._setWindowSize(8);
    ecdsaPoints.set(id, point);
  }
  return point;
}

/**
 * Hedera's ECDSA check, as the SDK makes it: the signature is r‖s (64 bytes, low S) over the message's
 * Keccak-256; valid when u1·G + u2·P has r as its x coordinate (mod n).
 */
function ecdsaSignatureValid(rawKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const { n } = secp256k1.CURVE;
  try {
    const { r, s } = secp256k1.Signature.fromCompact(signature);
    if (s > n >> 1n) return false;
    const h = mod(BigInt(`0x${Buffer.from(keccak_256(message)).toString('hex')}`), n);
    const sInverse = invert(s, n);
    // `multiply` uses the tables (`multiplyUnsafe` of noble-curves 1.8 gives other points with them).
    // It takes no zero: u1 is zero only for a hash of n's multiple, u2 never (r and s are below n).
    const sum = secp256k1.ProjectivePoint.BASE.multiply(mod(h * sInverse, n)).add(
      ecdsaPoint(rawKey).multiply(mod(r * sInverse, n)),
    );
    if (sum.equals(secp256k1.ProjectivePoint.ZERO)) return false;
    return mod(sum.toAffine().x, n) === r;
  } catch {
    // Not a point, or r or s out of range.
    return false;
  }
}

/** Whether `signature` is `publicKey`'s signature of `message`. */
export function verifySignature(publicKey: PublicKey, message: Uint8Array, signature: Uint8Array): boolean {
  if (publicKey.type !== 'ED25519') return ecdsaSignatureValid(publicKey.toBytesRaw(), message, signature);
  if (signature.length !== 64) return false;
  return verify(null, message, publicKeyObject(publicKey.toBytesRaw()), signature);
}

type SignedCopy = { bodyBytes: Uint8Array; sigPairs: proto.ISignaturePair[] };

const copiesOf = new WeakMap<Transaction, SignedCopy[]>();

/** The signed copies (one per node) of a frozen transaction, read from its bytes. */
function signedCopies(transaction: Transaction): SignedCopy[] {
  let copies = copiesOf.get(transaction);
  if (!copies) {
    copies = proto.TransactionList.decode(transaction.toBytes()).transactionList.map((item) => {
      const signed = proto.SignedTransaction.decode(item.signedTransactionBytes ?? new Uint8Array());
      return { bodyBytes: signed.bodyBytes ?? new Uint8Array(), sigPairs: signed.sigMap?.sigPair ?? [] };
    });
    copiesOf.set(transaction, copies);
  }
  return copies;
}

/** The ECDSA public keys (compressed, as the SDK names them) with a signature on the transaction's first copy. */
export function ecdsaSignersOf(transaction: Transaction): PublicKey[] {
  const [copy] = signedCopies(transaction);
  const keys: PublicKey[] = [];
  for (const pair of copy?.sigPairs ?? []) {
    if (!pair.ECDSASecp256k1 || pair.pubKeyPrefix?.length !== 33) continue;
    try {
      keys.push(PublicKey.fromBytesECDSA(pair.pubKeyPrefix));
    } catch {
      // Not a key: a prefix that names nothing signs for nothing.
    }
  }
  return keys;
}

/**
 * Every public key (Ed25519 or compressed ECDSA, named in full) whose signature on the transaction is
 * valid, with that signature (on its first copy).
 */
export function signaturesOf(transaction: Transaction): { key: PublicKey; signature: Uint8Array }[] {
  const [copy] = signedCopies(transaction);
  const signed: { key: PublicKey; signature: Uint8Array }[] = [];
  for (const pair of copy?.sigPairs ?? []) {
    let key: PublicKey;
    try {
      if (pair.ed25519 && pair.pubKeyPrefix?.length === 32)
        key = PublicKey.fromBytesED25519(pair.pubKeyPrefix);
      else if (pair.ECDSASecp256k1 && pair.pubKeyPrefix?.length === 33)
        key = PublicKey.fromBytesECDSA(pair.pubKeyPrefix);
      else continue;
    } catch {
      continue;
    }
    if (transactionSignedBy(key, transaction))
      signed.push({ key, signature: (pair.ed25519 ?? pair.ECDSASecp256k1)! });
  }
  return signed;
}

/** The transaction's body, as its first signed copy carries it. */
export function transactionBodyOf(transaction: Transaction): proto.TransactionBody {
  const [copy] = signedCopies(transaction);
  return proto.TransactionBody.decode(copy?.bodyBytes ?? new Uint8Array());
}

/** Keys already checked against a transaction (its precheck and its consensus both ask), by raw key. */
const checkedSigners = new WeakMap<Transaction, Map<string, boolean>>();

/**
 * Whether every signed copy of the transaction carries a valid signature of `publicKey`: the rule of
 * the SDK's `PublicKey.verifyTransaction`, with Node's Ed25519 and prepared ECDSA keys. Read once per
 * transaction and key, as its signed copies are.
 */
export function transactionSignedBy(publicKey: PublicKey, transaction: Transaction): boolean {
  const raw = Buffer.from(publicKey.toBytesRaw());
  const id = `${publicKey.type}:${raw.toString('hex')}`;
  let checked = checkedSigners.get(transaction);
  if (!checked) checkedSigners.set(transaction, (checked = new Map()));
  let signed = checked.get(id);
  if (signed === undefined) {
    signed = everyCopySignedBy(publicKey, raw, transaction);
    checked.set(id, signed);
  }
  return signed;
}

function everyCopySignedBy(publicKey: PublicKey, raw: Buffer, transaction: Transaction): boolean {
  const copies = signedCopies(transaction);
  if (copies.length === 0) return false;
  return copies.every((copy) => {
    let found = false;
    for (const pair of copy.sigPairs) {
      if (!pair.pubKeyPrefix || !raw.equals(Buffer.from(pair.pubKeyPrefix))) continue;
      found = true;
      const signature = pair.ed25519 ?? pair.ECDSASecp256k1;
      if (!signature) continue;
      if (!verifySignature(publicKey, copy.bodyBytes, signature)) return false;
    }
    return found;
  });
}

const privateKeyObjects = new WeakMap<PrivateKey, KeyObject>();

/** Signs a frozen transaction with `key`, as `transaction.sign(key)` does. */
export async function signTransaction(transaction: Transaction, key: PrivateKey): Promise<void> {
  if (key.type !== 'ED25519') {
    await transaction.sign(key);
    return;
  }
  let keyObject = privateKeyObjects.get(key);
  if (!keyObject) {
    keyObject = createPrivateKey({ key: Buffer.from(key.toBytesDer()), format: 'der', type: 'pkcs8' });
    privateKeyObjects.set(key, keyObject);
  }
  const signer = keyObject;
  await transaction.signWith(key.publicKey, async (message) => new Uint8Array(sign(null, message, signer)));
}
