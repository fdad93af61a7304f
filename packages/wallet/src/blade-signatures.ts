import { PublicKey, type SignerSignature } from '@hashgraph/sdk';
import { base64ToBytes } from './base64';
import { signerSignaturesToSignatureMap } from './signer-wallet';

/*
 * blade-web3.js 1.3.1 types `sign`'s answer `SignerSignature[]` but returns what WalletConnect's JSON
 * carried, undecoded: the SDK's objects as JSON (a `Uint8Array` as `{ "0": byte, … }`, a `PublicKey`
 * as its fields, the raw key bytes under `_keyData`), or the same fields as strings. Each is read here.
 */

export class UnreadableSignatureError extends Error {
  constructor() {
    super('The wallet answered the sign-in request in a form this page cannot read');
    this.name = 'UnreadableSignatureError';
  }
}

const HEX = /^(0x)?([0-9a-f]{2})+$/i;

/** Bytes from a `Uint8Array`, a byte array, its JSON (`{ "0": 1, … }`), hex or base64. */
function bytesOf(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'string')
    return HEX.test(value) ? hexToBytes(value.replace(/^0x/i, '')) : base64ToBytes(value);
  if (Array.isArray(value) || (value !== null && typeof value === 'object')) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([index, byte], at) => Number(index) === at && isByte(byte)))
      return Uint8Array.from(entries.map(([, byte]) => byte as number));
  }
  throw new UnreadableSignatureError();
}

const isByte = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < 256;

function hexToBytes(hex: string) {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** The raw key bytes inside a `PublicKey`'s JSON (Ed25519 and ECDSA keep them under `_keyData`). */
function keyDataOf(value: object): unknown {
  if ('_keyData' in value) return value._keyData;
  for (const inner of Object.values(value))
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      const found = keyDataOf(inner);
      if (found !== undefined) return found;
    }
  return undefined;
}

/** A public key: an SDK `PublicKey`, its JSON, or its string (DER or raw hex). */
function publicKeyOf(value: unknown): PublicKey {
  if (value instanceof PublicKey) return value;
  try {
    if (typeof value === 'string') return PublicKey.fromString(value.replace(/^0x/i, ''));
    if (value !== null && typeof value === 'object') {
      if (typeof (value as { toBytesRaw?: unknown }).toBytesRaw === 'function')
        return PublicKey.fromBytes((value as PublicKey).toBytesRaw());
      const raw = bytesOf(keyDataOf(value));
      // An Ed25519 key is 32 bytes; a compressed secp256k1 key 33 (uncompressed 65).
      return raw.length === 32 ? PublicKey.fromBytesED25519(raw) : PublicKey.fromBytesECDSA(raw);
    }
  } catch {
    // Read below as unreadable.
  }
  throw new UnreadableSignatureError();
}

/** Blade's answer to `sign` as one base64 SignatureMap (what every wallet adapter gives the server). */
export function bladeSignaturesToSignatureMap(answer: unknown): string {
  if (!Array.isArray(answer) || answer.length === 0) throw new UnreadableSignatureError();
  const signatures = answer.map((item: unknown) => {
    if (item === null || typeof item !== 'object') throw new UnreadableSignatureError();
    const { publicKey, signature } = item as { publicKey?: unknown; signature?: unknown };
    return { publicKey: publicKeyOf(publicKey), signature: bytesOf(signature) };
  });
  return signerSignaturesToSignatureMap(signatures as SignerSignature[]);
}
