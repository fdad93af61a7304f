import { createHmac, timingSafeEqual } from 'node:crypto';

const purpose = (accountId: string) => `expiry-reminders:unsubscribe:${accountId}`;

/** The token of an account's unsubscribe link: only the holder of the secret can make one. */
export function unsubscribeToken(secret: Buffer, accountId: string): string {
  return createHmac('sha256', secret).update(purpose(accountId)).digest('base64url');
}

export function isUnsubscribeToken(secret: Buffer, accountId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, accountId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
