import { describe, expect, it } from 'vitest';
import { emailError, FIELD_MESSAGES, nameError, recordUrlError, tenDigitPhoneError } from './fields';
import { phoneError } from './phone';

describe('field rules', () => {
  it('checks emails', () => {
    expect(emailError('user@example.com')).toBeNull();
    expect(emailError('user@example')).toBe('Enter a valid email ID.');
    expect(emailError('user example.com')).toBe(FIELD_MESSAGES.email);
  });

  it('checks ten-digit phones, not all zeros', () => {
    expect(tenDigitPhoneError('2015550123')).toBeNull();
    expect(tenDigitPhoneError('0000000000')).toBe('Enter a valid phone number.');
    expect(tenDigitPhoneError('201555012')).toBe('Enter a valid phone number.');
  });

  it('checks phones with a country through the phone library', () => {
    expect(phoneError('2015550123', 'US')).toBeNull();
    expect(phoneError('+44 20 7946 0958')).toBeNull();
    expect(phoneError('12', 'US')).toBe('Enter a valid phone number .');
  });

  it('checks names: letters and spaces only', () => {
    expect(nameError('Ada Lovelace')).toBeNull();
    expect(nameError('José Ñúñez')).toBeNull();
    expect(nameError('R2D2')).toBe('Enter a valid name.');
    expect(nameError('   ')).toBe('Enter a valid name.');
  });

  it.each([
    'https://example.com',
    'http://EXAMPLE.io:8080/a/b?x=1#top',
    'https://192.168.1.20/page',
    ' https://sub.example.co.uk ',
  ])('accepts the record url %j', (url) => expect(recordUrlError(url)).toBeNull());

  it.each([
    '',
    'example.com',
    'ftp://example.com',
    'https://localhost',
    'https://999.1.1.1',
    'https://exa mple.com',
    'javascript:alert(1)',
  ])('refuses the record url %j', (url) => expect(recordUrlError(url)).toBe('Kindly enter valid url'));
});
