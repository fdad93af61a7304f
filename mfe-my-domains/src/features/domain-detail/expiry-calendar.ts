/** An iCalendar file with the domain's expiry as an all-day event and a reminder a week before. */
export function expiryCalendar(domainName: string, expiresOn: string, now = new Date()): string {
  const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const expiry = new Date(expiresOn);
  const next = new Date(expiry.getTime() + 24 * 60 * 60 * 1000);
  // Names are letters, digits and dots: nothing in them needs escaping in iCalendar text.
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Hedera Domains//Expiry//EN',
    'BEGIN:VEVENT',
    `UID:${domainName}-expiry@hedera-domains`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${day(expiry)}`,
    `DTEND;VALUE=DATE:${day(next)}`,
    `SUMMARY:${domainName} expires`,
    `DESCRIPTION:Extend ${domainName} before it expires.`,
    'BEGIN:VALARM',
    'TRIGGER:-P7D',
    'ACTION:DISPLAY',
    `DESCRIPTION:${domainName} expires in a week`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
