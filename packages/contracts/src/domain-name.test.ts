import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkResolverName,
  checkSearchName,
  checkSubdomainLabel,
  NAME_MESSAGES,
  searchMaxLength,
} from './domain-name';

const alnum = fc.stringMatching(/^[a-z0-9]{1,20}$/);

describe('search name', () => {
  it('does nothing for empty or blank input', () => {
    expect(checkSearchName('', 'hbar')).toEqual({ kind: 'empty' });
    expect(checkSearchName('   ', 'hbar')).toEqual({ kind: 'empty' });
  });

  it('accepts letters and digits, trimmed and lowercased', () => {
    expect(checkSearchName('  Alpha9 ', 'hbar')).toEqual({
      kind: 'valid',
      label: 'alpha9',
      parent: null,
      fullName: 'alpha9.hbar',
    });
  });

  it('reads one dot as a subdomain of an existing name', () => {
    expect(checkSearchName('sub.alpha', 'hbar')).toEqual({
      kind: 'valid',
      label: 'sub',
      parent: 'alpha.hbar',
      fullName: 'sub.alpha.hbar',
    });
  });

  it.each([
    ['.alpha', NAME_MESSAGES.invalidSubdomain],
    ['a.b.c', NAME_MESSAGES.multipleSubdomains],
    ['al-pha', NAME_MESSAGES.specialCharacters],
    ['al pha', NAME_MESSAGES.specialCharacters],
    ['alpha.', NAME_MESSAGES.searchMinLength],
  ])('refuses %j with %j', (input, message) => {
    expect(checkSearchName(input, 'hbar')).toEqual({ kind: 'invalid', message });
  });

  it('takes at most 63 minus the top-level length', () => {
    expect(searchMaxLength('hbar')).toBe(59);
    expect(checkSearchName('a'.repeat(59), 'hbar').kind).toBe('valid');
    expect(checkSearchName('a'.repeat(60), 'hbar')).toEqual({
      kind: 'invalid',
      message: NAME_MESSAGES.tooLong,
    });
  });

  it('accepts every short alphanumeric label and refuses any label with another character', () => {
    fc.assert(fc.property(alnum, (label) => checkSearchName(label, 'hbar').kind === 'valid'));
    fc.assert(
      fc.property(alnum, fc.constantFrom('-', '_', '!', '@', ' x', '/', 'é', '*'), alnum, (a, bad, b) => {
        const result = checkSearchName(`${a}${bad}${b}`, 'hbar');
        return result.kind === 'invalid' && result.message === NAME_MESSAGES.specialCharacters;
      }),
    );
  });

  it('never throws and never calls a name with a special character valid', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (input) => {
        const result = checkSearchName(input, 'hbar');
        if (result.kind === 'valid') expect(result.fullName).toMatch(/^[a-z0-9]+(\.[a-z0-9]+){1,2}$/);
        return true;
      }),
    );
  });
});

describe('subdomain label', () => {
  it.each([
    ['ab', NAME_MESSAGES.subdomainMinLength],
    ['a_b', NAME_MESSAGES.specialCharacters],
    ['a.bc', NAME_MESSAGES.specialCharacters],
  ])('refuses %j with %j', (input, message) => {
    expect(checkSubdomainLabel(input, 'alpha.hbar')).toEqual({ kind: 'invalid', message });
  });

  it('accepts 3 characters up to 63 minus the parent length', () => {
    expect(checkSubdomainLabel('abc', 'alpha.hbar')).toEqual({
      kind: 'valid',
      label: 'abc',
      fullName: 'abc.alpha.hbar',
    });
    expect(checkSubdomainLabel('a'.repeat(53), 'alpha.hbar').kind).toBe('valid');
    expect(checkSubdomainLabel('a'.repeat(54), 'alpha.hbar').kind).toBe('invalid');
  });
});

describe('resolver name', () => {
  it('allows letters, digits and dots, 3 to 62 characters', () => {
    expect(checkResolverName(' alpha.hbar ')).toEqual({ kind: 'valid', name: 'alpha.hbar' });
    expect(checkResolverName('')).toEqual({ kind: 'empty' });
    expect(checkResolverName('ab')).toEqual({ kind: 'invalid', message: NAME_MESSAGES.resolverMinLength });
    expect(checkResolverName('abc').kind).toBe('valid');
    expect(checkResolverName('a'.repeat(62)).kind).toBe('valid');
    expect(checkResolverName('a'.repeat(63)).kind).toBe('invalid');
    expect(checkResolverName('alpha-beta.hbar')).toEqual({
      kind: 'invalid',
      message: NAME_MESSAGES.specialCharacters,
    });
  });
});
