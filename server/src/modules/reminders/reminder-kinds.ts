const DAY_MS = 24 * 60 * 60 * 1000;

/** Mails before a name expires, latest first, and the one on entering its grace period. */
export const REMINDER_KINDS = ['grace', 'days-1', 'days-7', 'days-30'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

const DAYS_BEFORE: Record<Exclude<ReminderKind, 'grace'>, number> = {
  'days-1': 1,
  'days-7': 7,
  'days-30': 30,
};

/** How far ahead the earliest reminder looks. */
export const REMINDER_HORIZON_MS = DAYS_BEFORE['days-30'] * DAY_MS;

/**
 * The reminder a name is due at `now`: the latest threshold it has passed. One that was missed (the
 * opt-in came later, the server was down) is not sent late once a later one is due.
 */
export function dueReminder(expiresAt: Date, graceEndsAt: Date, now: Date): ReminderKind | null {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return now < graceEndsAt ? 'grace' : null;
  for (const kind of ['days-1', 'days-7', 'days-30'] as const) {
    if (left <= DAYS_BEFORE[kind] * DAY_MS) return kind;
  }
  return null;
}
