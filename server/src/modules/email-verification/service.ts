import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerifications } from '../../db/schema';
import { badRequest } from '../../http-error';
import type { ProfileService } from '../profile/service';
import type { Mailer } from './mailer';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

type Deps = { db: Db; mailer: Mailer; profiles: ProfileService; publicUrl: string; now?: () => Date };

export function createEmailVerificationService({
  db,
  mailer,
  profiles,
  publicUrl,
  now = () => new Date(),
}: Deps) {
  return {
    /** Mails a one-time link to the email of the account's profile. */
    async request(accountId: string, email: string) {
      const profile = await profiles.get(accountId);
      if (!profile || profile.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('EMAIL_NOT_IN_PROFILE', 'Save this email in your profile before verifying it');
      }
      const code = randomBytes(24).toString('base64url');
      await db.insert(emailVerifications).values({
        accountId,
        email: profile.email,
        codeHash: hashCode(code),
        expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
      });
      const link = new URL('/index.html', publicUrl);
      link.search = new URLSearchParams({ t: 'ev', x: code }).toString();
      await mailer.send({
        to: profile.email,
        subject: 'Verify your email',
        text: `Open this link to verify your email: ${link.toString()}`,
      });
      return { status: 1 as const, msg: 'Check you email' };
    },

    /** The landing page posts the code from the link. */
    async verify(code: string) {
      const [row] = await db
        .update(emailVerifications)
        .set({ verifiedAt: now() })
        .where(
          and(
            eq(emailVerifications.codeHash, hashCode(code)),
            isNull(emailVerifications.verifiedAt),
            gt(emailVerifications.expiresAt, now()),
          ),
        )
        .returning();
      if (!row) throw badRequest('INVALID_VERIFICATION', 'This verification link is invalid or has expired');
      const matched = await profiles.markEmailVerified(row.accountId, row.email);
      if (!matched)
        throw badRequest('EMAIL_CHANGED', 'The email of the profile changed since this link was sent');
      return { status: 1 as const, msg: 'Your email has been verified' };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
