import ical from 'ical-generator';
import { paths } from '@registry/contracts/routes';
import type { Mail } from '../../mail/mailer';
import type { ReminderKind } from './reminder-kinds';

export type Reminder = {
  kind: ReminderKind;
  name: string;
  to: string;
  expiresAt: Date;
  graceEndsAt: Date;
  publicUrl: string;
  unsubscribeUrl: string;
  /** Stable per reminder: a mail sent again after a crash carries the same id. */
  key: string;
  now: Date;
};

const when = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' at ')} UTC`;
const DAY_MS = 24 * 60 * 60 * 1000;

function wording({ kind, name, expiresAt, graceEndsAt, now }: Reminder) {
  if (kind === 'grace') {
    return {
      subject: `${name} has expired: renew it before ${graceEndsAt.toISOString().slice(0, 10)}`,
      lead: `Your name ${name} expired on ${when(expiresAt)}. It stays yours to renew until ${when(graceEndsAt)}; after that anyone may register it.`,
      event: { summary: `${name} is released`, start: graceEndsAt },
    };
  }
  const days = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
  const left = days === 1 ? '1 day' : `${days} days`;
  return {
    subject: `${name} expires in ${left}`,
    lead: `Your name ${name} expires on ${when(expiresAt)}, in ${left}.`,
    event: { summary: `${name} expires`, start: expiresAt },
  };
}

/** The calendar entry of the date the reminder is about. */
function calendarOf(reminder: Reminder, renewUrl: string, event: { summary: string; start: Date }) {
  const calendar = ical({ prodId: { company: 'Hedera Domains', product: 'expiry-reminders' } });
  calendar.createEvent({
    id: `${reminder.name}-${event.start.getTime()}@hedera-domains`,
    start: event.start,
    end: new Date(event.start.getTime() + 30 * 60 * 1000),
    summary: event.summary,
    description: `Renew ${reminder.name}: ${renewUrl}`,
    url: renewUrl,
  });
  return calendar.toString();
}

/** An expiry reminder: plain text, the date as an .ics file, and a one-click unsubscribe. */
export function reminderMail(reminder: Reminder): Mail {
  const renewUrl = new URL(paths.domainDetail('web3', reminder.name), reminder.publicUrl).toString();
  const { subject, lead, event } = wording(reminder);
  const text = [
    lead,
    '',
    `Renew it: ${renewUrl}`,
    '',
    'The attached calendar entry keeps the date in your calendar.',
    `You get these mails because you turned on expiry reminders in your profile. Stop them: ${reminder.unsubscribeUrl}`,
  ].join('\n');
  return {
    to: reminder.to,
    subject,
    text,
    attachments: [
      {
        filename: `${reminder.name}.ics`,
        content: calendarOf(reminder, renewUrl, event),
        contentType: 'text/calendar; charset=utf-8',
      },
    ],
    unsubscribeUrl: reminder.unsubscribeUrl,
    messageId: `<${reminder.key.replace(/[^a-zA-Z0-9.-]/g, '-')}@hedera-domains>`,
  };
}
