import { AccountId, PrivateKey, PublicKey, SignerSignature } from '@hashgraph/sdk';
import { proto } from '@hiero-ledger/proto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefixMessageToSign } from '@registry/contracts/auth';
import { base64ToBytes } from './base64';
import { BladeWallet } from './blade-wallet';
import { SignInDeclinedError } from './wallet-errors';

/** What the Blade signer's `sign` resolves with in the page: the test sets it per case. */
const sign = vi.fn<(messages: Uint8Array[]) => Promise<unknown>>();

// blade-web3.js's connector as the adapter meets it once the wallet paired one account.
vi.mock('@bladelabs/blade-web3.js', () => ({
  ConnectorStrategy: { AUTO: 0 },
  HederaNetwork: { Mainnet: 'mainnet', Testnet: 'testnet' },
  BladeConnector: {
    init: async () => ({
      createSession: async () => ['0.0.1001'],
      onSessionDisconnect: () => undefined,
      killSession: async () => undefined,
      getSigners: () => [{ sign }],
    }),
  },
}));

const options = { projectId: 'p', network: 'testnet' as const, mirrorNodeUrl: 'http://mirror.test' };
const MESSAGE = 'Sign in to Hedera Domains\nAccount: 0.0.1001\nNonce: n';
const signedBytes = new TextEncoder().encode(prefixMessageToSign(MESSAGE));

/** What WalletConnect's JSON makes of the SDK's `SignerSignature[]` on its way to the page. */
const overTheWire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

async function connected() {
  const wallet = new BladeWallet(options);
  await wallet.connect();
  return wallet;
}

/** The signature map's pair verifies the prefixed sign-in message with the key. */
function verifies(signatureMap: string, key: PublicKey) {
  const [pair] = proto.SignatureMap.decode(base64ToBytes(signatureMap)).sigPair;
  expect(Array.from(pair!.pubKeyPrefix!)).toEqual(Array.from(key.toBytesRaw()));
  return key.verify(signedBytes, pair!.ed25519 ?? pair!.ECDSASecp256k1!);
}

// The page with Blade's extension in it.
beforeEach(() => vi.stubGlobal('window', { bladeConnect: { pairWC: async () => undefined } }));
afterEach(() => {
  sign.mockReset();
  vi.unstubAllGlobals();
});

describe('Blade sign-in', () => {
  it('reads the SDK signatures as WalletConnect carries them (JSON), for Ed25519 and ECDSA keys', async () => {
    for (const key of [PrivateKey.generateED25519(), PrivateKey.generateECDSA()]) {
      sign.mockImplementation(async ([message]) =>
        overTheWire([
          new SignerSignature({
            publicKey: key.publicKey,
            signature: key.sign(message!),
            accountId: AccountId.fromString('0.0.1001'),
          }),
        ]),
      );
      const wallet = await connected();
      const signatureMap = await wallet.signMessage(MESSAGE);
      // Blade is asked to sign the HIP-820 prefixed message, the bytes the server checks.
      expect(sign.mock.lastCall![0].map((bytes) => Array.from(bytes))).toEqual([Array.from(signedBytes)]);
      expect(verifies(signatureMap, key.publicKey)).toBe(true);
    }
  });

  it('reads the same fields given as strings (DER hex key, hex or base64 signature)', async () => {
    const key = PrivateKey.generateED25519();
    const signature = key.sign(signedBytes);
    for (const encoded of [
      Buffer.from(signature).toString('hex'),
      Buffer.from(signature).toString('base64'),
    ]) {
      sign.mockResolvedValue([
        { publicKey: key.publicKey.toStringDer(), signature: encoded, accountId: '0.0.1001' },
      ]);
      expect(verifies(await (await connected()).signMessage(MESSAGE), key.publicKey)).toBe(true);
    }
  });

  it('a signature by another key is carried as given: it does not verify with the account key', async () => {
    const accountKey = PrivateKey.generateED25519();
    const otherKey = PrivateKey.generateED25519();
    sign.mockResolvedValue(
      overTheWire([{ publicKey: accountKey.publicKey, signature: otherKey.sign(signedBytes) }]),
    );
    expect(verifies(await (await connected()).signMessage(MESSAGE), accountKey.publicKey)).toBe(false);
  });

  it('an answer it cannot read is a clear error, not a crash', async () => {
    for (const answer of [true, [], [{ publicKey: 'not a key', signature: 'ab' }], [{ signature: {} }]]) {
      sign.mockResolvedValue(answer);
      await expect((await connected()).signMessage(MESSAGE)).rejects.toThrow(
        'The wallet answered the sign-in request in a form this page cannot read',
      );
    }
  });

  it("the user's refusal is the declined sign-in; a locked wallet says it is locked", async () => {
    sign.mockRejectedValue({ code: 5000, message: 'User rejected.' });
    await expect((await connected()).signMessage(MESSAGE)).rejects.toBeInstanceOf(SignInDeclinedError);
    sign.mockRejectedValue(
      Object.assign(new Error('Wallet is closed or locked.'), { name: 'WalletIsClosedOrLocked' }),
    );
    await expect((await connected()).signMessage(MESSAGE)).rejects.toThrow(
      'Blade is locked or closed. Open and unlock it, then try again.',
    );
  });

  it('on a local Hedera network (which Blade does not know) it says to use WalletConnect', async () => {
    await expect(new BladeWallet({ ...options, network: 'local-node' }).connect()).rejects.toThrow(
      'Blade works on Hedera testnet and mainnet only; connect with WalletConnect here',
    );
  });
});
