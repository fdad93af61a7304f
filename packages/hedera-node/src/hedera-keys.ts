import { PublicKey } from '@hashgraph/sdk';

export type KeyType = 'ED25519' | 'ECDSA_SECP256K1';

/** A public key as the mirror node gives it: raw hex and its type. */
export function describeKey(key: PublicKey): { key: string; type: KeyType } {
  const der = key.toStringDer();
  return {
    key: key.toStringRaw(),
    type: der.startsWith('302a300506032b6570') ? 'ED25519' : 'ECDSA_SECP256K1',
  };
}

export function publicKeyOf(raw: string, type: string): PublicKey {
  return type === 'ED25519' ? PublicKey.fromStringED25519(raw) : PublicKey.fromStringECDSA(raw);
}
