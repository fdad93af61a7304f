/** Domain-name rules of spec section 5, shared by the browser and the server. Messages are the spec's. */

export const NAME_MESSAGES = {
  specialCharacters: 'Special characters are not allowed',
  invalidSubdomain: 'Invalid subdomain name',
  multipleSubdomains: 'Multiple subdomains are not allowed',
  searchMinLength: 'Domain name length must be atleast 1 characters',
  subdomainMinLength: 'Subdomain name length must be atleast 3 characters',
  resolverMinLength: 'Domain name length must be atleast 3 characters',
  tooLong: 'Domain name is too long',
} as const;

/** Longest label a domain can have (DNS). */
export const MAX_LABEL_LENGTH = 63;
/** Longest name the resolver box accepts. */
export const RESOLVER_MAX_LENGTH = 62;
export const RESOLVER_MIN_LENGTH = 3;
export const SUBDOMAIN_MIN_LENGTH = 3;

const ALPHANUMERIC = /^[a-z0-9]+$/i;
const ALPHANUMERIC_DOTS = /^[a-z0-9.]+$/i;

export type NameCheck<T> = { kind: 'empty' } | { kind: 'invalid'; message: string } | ({ kind: 'valid' } & T);

/** Longest text the search box takes for a top-level domain: 63 minus its length. */
export function searchMaxLength(tld: string): number {
  return MAX_LABEL_LENGTH - tld.length;
}

/**
 * The search box: `alpha` searches `alpha.<tld>`; `sub.alpha` searches the subdomain `sub.alpha.<tld>`.
 * Empty input (after trimming) does nothing.
 */
export function checkSearchName(
  input: string,
  tld: string,
): NameCheck<{ label: string; parent: string | null; fullName: string }> {
  const text = input.trim().toLowerCase();
  if (text === '') return { kind: 'empty' };
  if (text.startsWith('.')) return { kind: 'invalid', message: NAME_MESSAGES.invalidSubdomain };
  const labels = text.split('.');
  if (labels.length > 2) return { kind: 'invalid', message: NAME_MESSAGES.multipleSubdomains };
  if (labels.some((label) => label !== '' && !ALPHANUMERIC.test(label))) {
    return { kind: 'invalid', message: NAME_MESSAGES.specialCharacters };
  }
  if (labels.some((label) => label.length < 1))
    return { kind: 'invalid', message: NAME_MESSAGES.searchMinLength };
  if (text.length > searchMaxLength(tld)) return { kind: 'invalid', message: NAME_MESSAGES.tooLong };
  const [first, second] = labels as [string, string | undefined];
  if (second === undefined) return { kind: 'valid', label: first, parent: null, fullName: `${first}.${tld}` };
  return { kind: 'valid', label: first, parent: `${second}.${tld}`, fullName: `${first}.${second}.${tld}` };
}

/** Booking a subdomain under `parent` (e.g. `alpha.hbar`). */
export function checkSubdomainLabel(
  input: string,
  parent: string,
): NameCheck<{ label: string; fullName: string }> {
  const label = input.trim().toLowerCase();
  if (label === '') return { kind: 'empty' };
  if (!ALPHANUMERIC.test(label)) return { kind: 'invalid', message: NAME_MESSAGES.specialCharacters };
  if (label.length < SUBDOMAIN_MIN_LENGTH)
    return { kind: 'invalid', message: NAME_MESSAGES.subdomainMinLength };
  if (label.length > MAX_LABEL_LENGTH - parent.length)
    return { kind: 'invalid', message: NAME_MESSAGES.tooLong };
  return { kind: 'valid', label, fullName: `${label}.${parent}` };
}

/** The public resolver box. */
export function checkResolverName(input: string): NameCheck<{ name: string }> {
  const name = input.trim().toLowerCase();
  if (name === '') return { kind: 'empty' };
  if (!ALPHANUMERIC_DOTS.test(name)) return { kind: 'invalid', message: NAME_MESSAGES.specialCharacters };
  if (name.length < RESOLVER_MIN_LENGTH) return { kind: 'invalid', message: NAME_MESSAGES.resolverMinLength };
  if (name.length > RESOLVER_MAX_LENGTH) return { kind: 'invalid', message: NAME_MESSAGES.tooLong };
  return { kind: 'valid', name };
}

/** A full domain name the registry can hold: `label.tld` or `sub.label.tld`, lowercase alphanumeric labels. */
export const FULL_DOMAIN_NAME = /^[a-z0-9]{1,63}(\.[a-z0-9]{1,63}){1,2}$/;

export function splitDomainName(name: string): { labels: string[]; tld: string; isSubdomain: boolean } {
  const labels = name.split('.');
  return { labels, tld: labels[labels.length - 1] ?? '', isSubdomain: labels.length === 3 };
}

/** The top-level domain preselected in the search box. */
export const DEFAULT_TLD = 'hbar';
