import { emailError, nameError } from '@registry/contracts/fields';
import { phoneError } from '@registry/contracts/phone';
import type { Profile } from '@registry/contracts/profile';
import {
  BILLING_ADDRESS_FIELDS,
  PROFILE_DETAILS_FIELDS,
  type ProfileUpdate,
} from '@registry/contracts/profile-update';
import type { FieldRule } from './components/use-field-rules';

/** What the form edits: the profile's fields, every one a string. */
export type ProfileValues = { [K in keyof ProfileUpdate]: string };

/** Spec section 3 defaults: calling code +1 and the United States. */
export const DEFAULT_COUNTRY = 'United States';
export const DEFAULT_CALLING_CODE = '+1';

/** The stored profile's fields as they are (empty when there is no profile). */
function storedValues(profile: Profile | null): ProfileValues {
  return {
    fullName: profile?.fullName ?? '',
    email: profile?.email ?? '',
    countryCode: profile?.countryCode || DEFAULT_CALLING_CODE,
    mobileNo: profile?.mobileNo ?? '',
    adrLine1: profile?.adrLine1 ?? '',
    adrLine2: profile?.adrLine2 ?? '',
    country: profile?.country ?? '',
    state: profile?.state ?? '',
    city: profile?.city ?? '',
    pincode: profile?.pincode ?? '',
  };
}

/** What the modals start from: the stored profile, the United States when no country is set. */
export function profileValues(profile: Profile | null): ProfileValues {
  const stored = storedValues(profile);
  return { ...stored, country: stored.country || DEFAULT_COUNTRY };
}

const requiredThen =
  (label: string, rule?: (value: string, values: ProfileValues) => string | null) =>
  (key: string): FieldRule<ProfileValues> =>
  (values) => {
    const value = (values[key as keyof ProfileValues] ?? '').trim();
    if (value === '') return `${label} is required`;
    return rule?.(value, values) ?? null;
  };

/** The Edit Profile Details modal's rules (spec section 5). */
export const DETAILS_RULES: Partial<Record<string, FieldRule<ProfileValues>>> = {
  fullName: requiredThen(PROFILE_DETAILS_FIELDS.fullName, nameError)('fullName'),
  email: requiredThen(PROFILE_DETAILS_FIELDS.email, emailError)('email'),
  // A number with a calling code: the phone library decides (its message ends ' .').
  mobileNo: requiredThen(PROFILE_DETAILS_FIELDS.mobileNo, (value, values) =>
    phoneError(`${values.countryCode}${value}`),
  )('mobileNo'),
};

/** The Edit Billing Address modal's rules: every field but Address Line 2 is required. */
export const BILLING_RULES: Partial<Record<string, FieldRule<ProfileValues>>> = Object.fromEntries(
  Object.entries(BILLING_ADDRESS_FIELDS).map(([key, label]) => [key, requiredThen(label)(key)]),
);

/**
 * What a modal saves: its own card's fields from the form, the other card's as stored (so a new
 * profile saved from one modal leaves the other card empty, not filled with the form's defaults).
 */
export function profilePayload(
  part: 'details' | 'billing',
  values: ProfileValues,
  profile: Profile | null,
): ProfileValues {
  const stored = storedValues(profile);
  const own =
    part === 'details'
      ? ['fullName', 'email', 'countryCode', 'mobileNo']
      : ['adrLine1', 'adrLine2', 'country', 'state', 'city', 'pincode'];
  return { ...stored, ...Object.fromEntries(own.map((key) => [key, values[key as keyof ProfileValues]])) };
}
