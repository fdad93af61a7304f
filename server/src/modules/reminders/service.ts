import type { Job, JobHandler, JobQueue } from '../../jobs/job-queue';
import type { Mailer } from '../../mail/mailer';
import { badRequest } from '../../http-error';
import type { DomainService } from '../domains/service';
import type { ProfileService } from '../profile/service';
import type { SettingsService } from '../settings/service';
import { dueReminder, REMINDER_HORIZON_MS, type ReminderKind } from './reminder-kinds';
import { reminderMail } from './reminder-mail';
import { isUnsubscribeToken, unsubscribeToken } from './unsubscribe-token';

export const EXPIRY_REMINDER_JOB = 'expiry-reminder';
const SECRET = 'expiry-reminders';

type Payload = { name: string; owner: string; expiresAt: string; kind: ReminderKind };

type Deps = {
  domains: Pick<DomainService, 'expiringSoon' | 'publicView'>;
  profiles: Pick<ProfileService, 'reminderAddresses' | 'setExpiryReminders'>;
  settings: Pick<SettingsService, 'secret'>;
  queue: Pick<JobQueue, 'enqueueMany'>;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
};

/** One reminder's job key: the name, its expiry, its holder and the kind. */
const keyOf = (payload: Payload) =>
  `${EXPIRY_REMINDER_JOB}:${payload.name}:${payload.expiresAt}:${payload.owner}:${payload.kind}`;

/** The mail's link that turns reminders off for `accountId`, signed with the reminders' secret. */
function unsubscribeUrl(publicUrl: string, secret: Buffer, accountId: string) {
  const url = new URL('/api/expiry-reminders/unsubscribe', publicUrl);
  url.search = new URLSearchParams({
    account: accountId,
    token: unsubscribeToken(secret, accountId),
  }).toString();
  return url.toString();
}

/**
 * Mails before a name expires, to holders who opted in with a verified email. Every server sweeps;
 * each reminder is one job whose unique key names the name, its expiry, its holder and the kind, so
 * it is sent once however many servers sweep and restart.
 */
export function createReminderService({
  domains,
  profiles,
  settings,
  queue,
  mailer,
  publicUrl,
  now = () => new Date(),
}: Deps) {
  /** Sends the reminder unless it no longer applies: renewed, sent elsewhere, opted out, or a later one is due. */
  async function send(job: Job) {
    const payload = job.payload as Payload;
    const view = await domains.publicView(payload.name);
    if (!view?.delivered || view.owner !== payload.owner) return;
    if (view.expiresAt.toISOString() !== payload.expiresAt) return;
    // Before expiry the grace period plays no part in which reminder is due.
    const graceEndsAt = view.graceEndsAt ?? view.expiresAt;
    const at = now();
    if (dueReminder(view.expiresAt, graceEndsAt, at) !== payload.kind) return;
    const to = (await profiles.reminderAddresses([payload.owner])).get(payload.owner);
    if (!to) return;
    await mailer.send(
      reminderMail({
        kind: payload.kind,
        name: payload.name,
        to,
        expiresAt: view.expiresAt,
        graceEndsAt,
        publicUrl,
        unsubscribeUrl: unsubscribeUrl(publicUrl, await settings.secret(SECRET), payload.owner),
        key: keyOf(payload),
        now: at,
      }),
    );
  }

  async function checkToken(accountId: string, token: string) {
    if (!isUnsubscribeToken(await settings.secret(SECRET), accountId, token))
      throw badRequest('INVALID_UNSUBSCRIBE_LINK', 'This unsubscribe link is not valid');
  }

  return {
    /** Queues the reminders due now; answers their job keys (already queued ones included). */
    async sweep(): Promise<string[]> {
      const expiring = await domains.expiringSoon(REMINDER_HORIZON_MS);
      const addresses = await profiles.reminderAddresses([...new Set(expiring.map((row) => row.owner))]);
      const at = now();
      const due = expiring.flatMap((row) => {
        const kind = addresses.has(row.owner) ? dueReminder(row.expiresAt, row.graceEndsAt, at) : null;
        if (!kind) return [];
        const payload = { name: row.name, owner: row.owner, expiresAt: row.expiresAt.toISOString(), kind };
        return [{ uniqueKey: keyOf(payload), payload }];
      });
      await queue.enqueueMany(EXPIRY_REMINDER_JOB, due);
      return due.map((job) => job.uniqueKey);
    },

    handlers: { [EXPIRY_REMINDER_JOB]: send satisfies JobHandler } as Record<string, JobHandler>,

    setOptIn: (accountId: string, enabled: boolean) => profiles.setExpiryReminders(accountId, enabled),

    /** A mail's unsubscribe link: the token proves the link was made here for this account. */
    async unsubscribe(accountId: string, token: string) {
      await checkToken(accountId, token);
      await profiles.setExpiryReminders(accountId, false);
    },

    checkToken,
  };
}
export type ReminderService = ReturnType<typeof createReminderService>;
