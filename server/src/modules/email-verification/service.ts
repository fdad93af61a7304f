import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailVerifications } from '../../db/schema';
import { badRequest, HttpError } from '../../http-error';
import type { ProfileService } from '../profile/service';
import type { Mailer } from '../../mail/mailer';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

const HOUR_MS = 60 * 60 * 1000;

type Deps = {
  db: Db;
  mailer: Mailer;
  profiles: ProfileService;
  publicUrl: string;
  /** Mails per hour for one account, and for one address whoever asks. */
  mailsPerHour: number;
  now?: () => Date;
};

export function createEmailVerificationService({
  db,
  mailer,
  profiles,
  publicUrl,
  mailsPerHour,
  now = () => new Date(),
}: Deps) {
  /** Records a new code unless the account or the address had its hourly share of mails. */
  async function recordCode(accountId: string, email: string, codeHash: string) {
    const since = new Date(now().getTime() - HOUR_MS);
    await db.transaction(async (tx) => {
      // One request per address at a time, so concurrent requests cannot all pass the count.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`email-verification:${email.toLowerCase()}`}))`,
      );
      const [counts] = await tx
        .select({
          byAccount: sql<number>`count(*) filter (where ${emailVerifications.accountId} = ${accountId})::int`,
          byAddress: sql<number>`count(*) filter (where lower(${emailVerifications.email}) = ${email.toLowerCase()})::int`,
        })
        .from(emailVerifications)
        .where(gt(emailVerifications.createdAt, since));
      if ((counts?.byAccount ?? 0) >= mailsPerHour || (counts?.byAddress ?? 0) >= mailsPerHour) {
        throw new HttpError(
          429,
          'RATE_LIMITED',
          `At most ${mailsPerHour} verification mails an hour; try again later`,
        );
      }
      await tx.insert(emailVerifications).values({
        accountId,
        email,
        codeHash,
        expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
        createdAt: now(),
      });
    });
  }

  return {
    /** Mails a one-time link to the email of the account's profile. */
    async request(accountId: string, email: string) {
      const profile = await profiles.get(accountId);
      if (!profile || profile.email.toLowerCase() !== email.toLowerCase()) {
        throw badRequest('EMAIL_NOT_IN_PROFILE', 'Save this email in your profile before verifying it');
      }
      const code = randomBytes(24).toString('base64url');
      await recordCode(accountId, profile.email, hashCode(code));
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
