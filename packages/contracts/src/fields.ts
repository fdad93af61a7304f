/** Field rules of spec section 5, messages letter for letter. */
export const FIELD_MESSAGES = {
  email: 'Enter a valid email ID.',
  phoneTenDigits: 'Enter a valid phone number.',
  phoneWithCountry: 'Enter a valid phone number .',
  name: 'Enter a valid name.',
  url: 'Kindly enter valid url',
} as const;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const NAME = /^[\p{L}\s]+$/u;

/** Each returns the message to show, or null when the value is fine. */
export function emailError(value: string): string | null {
  return EMAIL.test(value.trim()) ? null : FIELD_MESSAGES.email;
}

export function tenDigitPhoneError(value: string): string | null {
  const digits = value.trim();
  return /^\d{10}$/.test(digits) && !/^0+$/.test(digits) ? null : FIELD_MESSAGES.phoneTenDigits;
}

export function nameError(value: string): string | null {
  return value.trim() !== '' && NAME.test(value) ? null : FIELD_MESSAGES.name;
}

/**
 * Record URLs: http or https, a host with a top-level domain or an IPv4 address, optional port, path,
 * query and fragment; case-insensitive.
 */
const RECORD_URL =
  /^https?:\/\/(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}|(?:25[0-5]|2[0-4]\d|1?\d?\d)(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3})(?::\d{1,5})?(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;

export function recordUrlError(value: string): string | null {
  const url = value.trim();
  return url !== '' && RECORD_URL.test(url) ? null : FIELD_MESSAGES.url;
}
