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
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A session's last-seen time is written at most this often (a small part of the idle time): not a write per request. */
const lastSeenStepMs = (idleMs: number) => Math.min(60_000, idleMs / 20);

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

export type AuthServiceOptions = {
  db: Db;
  ledger: LedgerReader;
  now?: () => Date;
  /** A session ends this long after sign-in (24 h unless configured)… */
  sessionTtlMs?: number;
  /** …or this long after its last request (2 h unless configured). */
  sessionIdleMs?: number;
};

const ledgerDown = () =>
  new HttpError(503, 'HCS-DOWN', 'The ledger cannot be reached to check the signature; try again');

/** The account's key from the ledger; an outage is a 503 (nothing is used up by it). */
async function accountKeyOf(ledger: LedgerReader, accountId: string): Promise<AccountKey | null> {
  try {
    return await ledger.getAccountKey(accountId);
  } catch (error) {
    if (error instanceof LedgerUnavailableError) throw ledgerDown();
    throw error;
  }
}

export function createAuthService({
  db,
  ledger,
  now = () => new Date(),
  sessionTtlMs = SESSION_TTL_MS,
  sessionIdleMs = SESSION_IDLE_MS,
}: AuthServiceOptions) {
  return {
    /** A one-time message to sign; none is stored for an account the ledger does not know. */
    async createChallenge(accountId: string) {
      if (!(await accountKeyOf(ledger, accountId)))
        throw new HttpError(404, 'ACCOUNT_UNKNOWN', 'The account is not known on the ledger');
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

    /**
     * Verifies the signed challenge and opens a session; the account key comes from the ledger only.
     * Any attempt uses the challenge up, right or wrong, once the ledger has answered (an outage must
     * not burn it): a wrong signature cannot be followed by another guess on the same nonce.
     */
    async verify(input: { accountId: string; nonce: string; signatureMap: string }) {
      const challenge = await repo.findLiveChallenge(db, input.nonce, input.accountId, now());
      if (!challenge) throw unauthorized('The sign-in challenge is unknown, used or expired');
      const key = await accountKeyOf(ledger, input.accountId);
      if (!(await repo.consumeChallenge(db, input.nonce, input.accountId, now())))
        throw unauthorized('The sign-in challenge is unknown, used or expired');
      if (!key) throw unauthorized('The account is not known on the ledger');
      const message = signInMessage(input.accountId, input.nonce, challenge.expiresAt);
      if (!verifyMessageSignature(message, input.signatureMap, key)) {
        throw new HttpError(401, 'INVALID_SIGNATURE', 'The signature does not match the account key');
      }
      const sessionId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now().getTime() + sessionTtlMs);
      await repo.insertSession(db, {
        idHash: hashSessionId(sessionId),
        accountId: input.accountId,
        expiresAt,
      });
      return { sessionId, accountId: input.accountId, expiresAt };
    },

    /** The live session's account; a request keeps it from going idle. */
    async session(sessionId: string) {
      const at = now();
      const idHash = hashSessionId(sessionId);
      const row = await repo.findLiveSession(db, idHash, at, new Date(at.getTime() - sessionIdleMs));
      if (!row) return null;
      if (at.getTime() - row.lastSeenAt.getTime() >= lastSeenStepMs(sessionIdleMs))
        await repo.touchSession(db, idHash, at);
      return { accountId: row.accountId, expiresAt: row.expiresAt };
    },

    async logout(sessionId: string) {
      await repo.deleteSession(db, hashSessionId(sessionId));
    },

    /** Sign out everywhere: every session of the account ends, in every browser. */
    async logoutEverywhere(accountId: string) {
      return repo.deleteAccountSessions(db, accountId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
