import { describe, expect, it } from 'vitest';
import { expiryCalendar } from './expiry-calendar';

describe('the expiry calendar file', () => {
  it('is an all-day event on the expiry date with a reminder a week before', () => {
    const ics = expiryCalendar(
      'alice.hbar',
      '2027-11-24T10:00:00.000Z',
      new Date('2026-11-24T10:00:00.000Z'),
    );
    const lines = ics.split('\r\n');
    expect(lines).toContain('DTSTART;VALUE=DATE:20271124');
    expect(lines).toContain('DTEND;VALUE=DATE:20271125');
    expect(lines).toContain('SUMMARY:alice.hbar expires');
    expect(lines).toContain('TRIGGER:-P7D');
    expect(lines).toContain('DTSTAMP:20261124T100000Z');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
});
