import { Key, KeyList, PublicKey, type Transaction } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { describeKey, publicKeyOf } from '@registry/hedera-node/hedera-keys';
import { transactionSignedBy } from '@registry/hedera-node/ed25519';
import { fail } from './outcome';

// Keys as Hedera takes them: one public key, or a list of keys of which all (a key list) or a number
// (a threshold key) must sign, nested. A list is kept as the mirror node shows it: its protobuf, in hex.

/** The mirror node's `_type` for a key that is not one public key. */
export const PROTOBUF_ENCODED = 'ProtobufEncoded';
/** How deep keys may nest on Hedera. */
const MAX_KEY_DEPTH = 15;

export type StoredKey = { key: string; type: string };

function checkList(list: KeyList, depth: number) {
  if (depth > MAX_KEY_DEPTH) fail('INVALID_KEY_ENCODING');
  const keys = list.toArray();
  if (keys.length === 0) fail('KEY_REQUIRED');
  const threshold = list.threshold;
  if (threshold !== null && (threshold < 1 || threshold > keys.length)) fail('INVALID_KEY_ENCODING');
  for (const key of keys) {
    if (key instanceof KeyList) checkList(key, depth + 1);
    else if (!(key instanceof PublicKey)) fail('NOT_SUPPORTED');
  }
}

/** A key given to an account, token or topic, as kept: contract keys are not taken on this ledger. */
export function storedKey(key: Key): StoredKey {
  if (key instanceof PublicKey) return describeKey(key);
  if (!(key instanceof KeyList)) return fail('NOT_SUPPORTED');
  checkList(key, 1);
  return {
    key: Buffer.from(proto.Key.encode(key._toProtobufKey()).finish()).toString('hex'),
    type: PROTOBUF_ENCODED,
  };
}

/** A key as kept, given back as the SDK's. */
export function keyOf(raw: string, type: string): Key {
  if (type !== PROTOBUF_ENCODED) return publicKeyOf(raw, type);
  return Key._fromProtobufKey(proto.Key.decode(Buffer.from(raw, 'hex')));
}

/** A key as kept, in the protobuf an answer carries. */
export function protoKeyOf(raw: string, type: string): proto.IKey {
  if (type === 'ED25519') return { ed25519: Buffer.from(raw, 'hex') };
  if (type === PROTOBUF_ENCODED) return proto.Key.decode(Buffer.from(raw, 'hex'));
  return { ECDSASecp256k1: Buffer.from(raw, 'hex') };
}

/**
 * Scheduled transactions carry no signatures of their own: their keys are those their schedule
 * collected (raw public keys, hex), checked when each signature came.
 */
const SIGNATORIES = new WeakMap<Transaction, Set<string>>();

/** Makes `transaction` signed by exactly these raw public keys (a schedule's signatories). */
export function signedBySignatories(transaction: Transaction, publicKeys: string[]) {
  SIGNATORIES.set(transaction, new Set(publicKeys));
}

/** Whether the transaction's signatures satisfy `key`: all of a list, or its threshold of them. */
export function keySatisfied(transaction: Transaction, key: Key): boolean {
  if (key instanceof PublicKey) {
    const signatories = SIGNATORIES.get(transaction);
    if (signatories) return signatories.has(key.toStringRaw());
    try {
      return transactionSignedBy(key, transaction);
    } catch {
      return false;
    }
  }
  if (!(key instanceof KeyList)) return false;
  const keys = key.toArray();
  const needed = key.threshold ?? keys.length;
  let signed = 0;
  for (const inner of keys) {
    if (keySatisfied(transaction, inner)) signed += 1;
    if (signed >= needed) return true;
  }
  return false;
}

/** Whether the transaction is signed for a key as kept. */
export function signedWithStored(transaction: Transaction, raw: string, type: string): boolean {
  let key: Key;
  try {
    key = keyOf(raw, type);
  } catch {
    return false;
  }
  return keySatisfied(transaction, key);
}
