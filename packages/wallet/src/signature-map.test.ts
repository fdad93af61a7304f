import { PrivateKey, PublicKey } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { describe, expect, it } from 'vitest';
import { prefixMessageToSign } from '@registry/contracts/auth';
import { signerSignaturesToSignatureMap } from './signer-wallet';
import { signMessageToSignatureMap } from './signature-map';

describe('signature maps', () => {
  function decode(base64: string) {
    return proto.SignatureMap.decode(Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)));
  }

  it('wallet signer signatures become the same base64 SignatureMap the Local Wallet gives', () => {
    for (const key of [PrivateKey.generateED25519(), PrivateKey.generateECDSA()]) {
      const message = 'Sign in to Hedera Domains';
      const signed = new TextEncoder().encode(prefixMessageToSign(message));
      const fromSigner = signerSignaturesToSignatureMap([
        { publicKey: key.publicKey, signature: key.sign(signed), accountId: null } as never,
      ]);
      const [pair] = decode(fromSigner).sigPair;
      const signature = pair!.ed25519 ?? pair!.ECDSASecp256k1!;
      expect(PublicKey.fromBytes(key.publicKey.toBytesRaw()).verify(signed, signature)).toBe(true);
      const [localPair] = decode(signMessageToSignatureMap(key, message)).sigPair;
      expect(Boolean(localPair!.ed25519?.length)).toBe(Boolean(pair!.ed25519?.length));
      expect(Array.from(localPair!.pubKeyPrefix!)).toEqual(Array.from(pair!.pubKeyPrefix!));
    }
  });
});
