import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import { badRequest, HttpError } from '../../http-error';
import type { ProfileService } from '../profile/service';
import type { Mailer } from '../../mail/mailer';
import * as repo from './repo';
import { OK_STATUS } from '@registry/contracts/status-codes';

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
    const recorded = await repo.recordCode(
      db,
      {
        accountId,
        email,
        codeHash,
        expiresAt: new Date(now().getTime() + VERIFICATION_TTL_MS),
        createdAt: now(),
      },
      { since: new Date(now().getTime() - HOUR_MS), limit: mailsPerHour },
    );
    if (!recorded)
      throw new HttpError(
        429,
        'RATE_LIMITED',
        `At most ${mailsPerHour} verification mails an hour; try again later`,
      );
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
      return { status: OK_STATUS, msg: 'Check you email' };
    },

    /** The landing page posts the code from the link. */
    async verify(code: string) {
      const row = await repo.useCode(db, hashCode(code), now());
      if (!row) throw badRequest('INVALID_VERIFICATION', 'This verification link is invalid or has expired');
      const matched = await profiles.markEmailVerified(row.accountId, row.email);
      if (!matched)
        throw badRequest('EMAIL_CHANGED', 'The email of the profile changed since this link was sent');
      return { status: OK_STATUS, msg: 'Your email has been verified' };
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
