import * as z from 'zod/mini';
import { AccountIdSchema } from './account';

/** HIP-820: what a wallet actually signs for a message. */
export function prefixMessageToSign(message: string): string {
  return `\x19Hedera Signed Message:\n${message.length}${message}`;
}

export const ChallengeRequestSchema = z.object({ accountId: AccountIdSchema });
export const ChallengeResponseSchema = z.object({
  nonce: z.string(),
  /** The text the wallet signs (before the HIP-820 prefix). */
  message: z.string(),
  expiresAt: z.string(),
});
export type ChallengeResponse = z.infer<typeof ChallengeResponseSchema>;

export const VerifyRequestSchema = z.object({
  accountId: AccountIdSchema,
  nonce: z.string().check(z.minLength(16), z.maxLength(128)),
  /** Base64 protobuf SignatureMap, as wallets return it. */
  signatureMap: z.string().check(z.minLength(16), z.maxLength(4096)),
});

export const SessionResponseSchema = z.object({
  /** Always canonical: the server answers the form it stored. */
  accountId: z.string(),
  expiresAt: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** Answer of `GET /auth/session`: who is signed in with this cookie. */
export const SignedInAccountSchema = z.object({ accountId: z.string() });

/** Answer of `POST /auth/logout-everywhere`: how many sessions it ended. */
export const LogoutEverywhereResponseSchema = z.object({ ended: z.int() });

export const SIGN_IN_MESSAGE_PREFIX = 'Sign in to Hedera Domains';
