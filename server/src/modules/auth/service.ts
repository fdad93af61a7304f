import { createHash, randomBytes } from 'node:crypto';
import { proto } from '@hiero-ledger/proto';
import { prefixMessageToSign, SIGN_IN_MESSAGE_PREFIX } from '@registry/contracts/auth';
import type { Db } from '../../db/database';
import { badRequest, HttpError, unauthorized } from '../../http-error';
import {
  LedgerUnavailableError,
  type AccountKey,
  type LedgerReader,
} from '@registry/hedera-node/ledger-port';
import { verifySignature } from '@registry/hedera-node/ed25519';
import { publicKeyOf } from '@registry/hedera-node/hedera-keys';
import * as repo from './repo';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

export function signInMessage(accountId: string, nonce: string, expiresAt: Date): string {
  return `${SIGN_IN_MESSAGE_PREFIX}\nAccount: ${accountId}\nNonce: ${nonce}\nExpires: ${expiresAt.toISOString()}`;
}

/** Checks a HIP-820 signature map over `message` against the account's key from the ledger. */
export function verifyMessageSignature(
  message: string,
  signatureMapBase64: string,
  accountKey: AccountKey,
): boolean {
  let signatureMap: proto.SignatureMap;
  try {
    signatureMap = proto.SignatureMap.decode(Buffer.from(signatureMapBase64, 'base64'));
  } catch {
    throw badRequest('BAD_SIGNATURE_MAP', 'The signature is not a base64 signature map');
  }
  const publicKey = publicKeyOf(accountKey.key, accountKey.type);
  const rawKey = Buffer.from(publicKey.toBytesRaw());
  const signedBytes = Buffer.from(prefixMessageToSign(message), 'utf8');
  return signatureMap.sigPair.some((pair) => {
    const prefix = Buffer.from(pair.pubKeyPrefix ?? []);
    if (!rawKey.subarray(0, prefix.length).equals(prefix)) return false;
    const signature = pair.ed25519 ?? pair.ECDSASecp256k1;
    if (!signature || signature.length === 0) return false;
    try {
      return verifySignature(publicKey, signedBytes, signature);
    } catch {
      return false;
    }
  });
}

export type AuthServiceOptions = { db: Db; ledger: LedgerReader; now?: () => Date };

export function createAuthService({ db, ledger, now = () => new Date() }: AuthServiceOptions) {
  return {
    async createChallenge(accountId: string) {
      const nonce = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now().getTime() + CHALLENGE_TTL_MS);
      await repo.deleteExpiredChallenges(db, now());
      await repo.insertChallenge(db, { nonce, accountId, expiresAt });
      return {
        nonce,
        message: signInMessage(accountId, nonce, expiresAt),
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Verifies the signed challenge and opens a session; the account key comes from the ledger only. */
    async verify(input: { accountId: string; nonce: string; signatureMap: string }) {
      const challenge = await repo.findLiveChallenge(db, input.nonce, input.accountId, now());
      if (!challenge) throw unauthorized('The sign-in challenge is unknown, used or expired');
      // The challenge is used up only once the ledger has answered: a network outage must not burn it.
      let key: AccountKey | null;
      try {
        key = await ledger.getAccountKey(input.accountId);
      } catch (error) {
        if (error instanceof LedgerUnavailableError)
          throw new HttpError(
            503,
            'HCS-DOWN',
            'The ledger cannot be reached to check the signature; try again',
          );
        throw error;
      }
      if (!key) throw unauthorized('The account is not known on the ledger');
      const message = signInMessage(input.accountId, input.nonce, challenge.expiresAt);
      if (!verifyMessageSignature(message, input.signatureMap, key)) {
        throw new HttpError(401, 'INVALID_SIGNATURE', 'The signature does not match the account key');
      }
      if (!(await repo.consumeChallenge(db, input.nonce, input.accountId, now())))
        throw unauthorized('The sign-in challenge is unknown, used or expired');
      const sessionId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + SESSION_TTL_MS);
      await repo.insertSession(db, {
        idHash: hashSessionId(sessionId),
        accountId: input.accountId,
        expiresAt,
      });
      return { sessionId, accountId: input.accountId, expiresAt };
    },

    async session(sessionId: string) {
      const row = await repo.findLiveSession(db, hashSessionId(sessionId), now());
      return row ? { accountId: row.accountId, expiresAt: row.expiresAt } : null;
    },

    async logout(sessionId: string) {
      await repo.deleteSession(db, hashSessionId(sessionId));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
