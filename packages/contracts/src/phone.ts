// Its own module: the phone metadata is large and only forms with a phone field load it.
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import { FIELD_MESSAGES } from './fields';

/** A phone number with its country, e.g. ('2015550123', 'US') or ('+44 20 7946 0958'). */
export function phoneError(value: string, country?: CountryCode): string | null {
  try {
    return isValidPhoneNumber(value.trim(), country) ? null : FIELD_MESSAGES.phoneWithCountry;
  } catch {
    return FIELD_MESSAGES.phoneWithCountry;
  }
}
