import type { PrivateKey } from '@hashgraph/sdk';
import { bytesToBase64 } from './base64';
import { proto } from '@hiero-ledger/proto';
import { prefixMessageToSign } from '@registry/contracts/auth';

/** Signs a message the HIP-820 way and wraps the signature in a base64 SignatureMap, as wallets answer. */
export function signMessageToSignatureMap(key: PrivateKey, message: string): string {
  const signature = key.sign(new TextEncoder().encode(prefixMessageToSign(message)));
  const pair = key.type === 'ED25519' ? { ed25519: signature } : { ECDSASecp256k1: signature };
  const bytes = proto.SignatureMap.encode({
    sigPair: [{ pubKeyPrefix: key.publicKey.toBytesRaw(), ...pair }],
  }).finish();
  return bytesToBase64(bytes);
}
