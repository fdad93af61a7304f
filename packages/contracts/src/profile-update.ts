import * as z from 'zod/mini';
import { emailError, FIELD_MESSAGES, nameError } from './fields';
import { phoneError } from './phone';

// Its own module: the phone rule loads the phone library, which only the profile form and the server need.

/** A text field: trimmed, bounded, and when filled, checked by `rule` (empty is the group's concern). */
const field = (max: number, rule?: (value: string) => string | null) =>
  z._default(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(max),
        ...(rule ? [z.refine<string>((value) => value === '' || rule(value) === null, rule('') ?? '')] : []),
      ),
    '',
  );

/** The two cards of the profile page, each saved from its own modal; their required fields (spec 5). */
export const PROFILE_DETAILS_FIELDS = { fullName: 'Name', email: 'Email', mobileNo: 'Phone' } as const;
export const BILLING_ADDRESS_FIELDS = {
  adrLine1: 'Address Line 1',
  country: 'Country',
  state: 'State',
  city: 'City',
  pincode: 'Postal code',
} as const;

/**
 * Profile and billing address: Name, Email, Phone, Address Line 1, Country, State, City and Postal code
 * are required, Address Line 2 is not. Each card is saved from its own modal, so a card left wholly
 * empty (a new profile with only its details, or only its address) is accepted.
 */
export const ProfileUpdateSchema = z
  .object({
    fullName: field(120, nameError),
    email: field(254, emailError),
    countryCode: z._default(
      z.string().check(z.trim(), z.regex(/^\+\d{1,4}$/, 'must be a calling code such as +1')),
      '+1',
    ),
    mobileNo: field(15, (value) => (/^\d{4,15}$/.test(value) ? null : FIELD_MESSAGES.phoneWithCountry)),
    adrLine1: field(200),
    adrLine2: field(200),
    country: field(120),
    state: field(120),
    city: field(120),
    pincode: field(20),
  })
  .check(
    z.superRefine((profile, context) => {
      const groups = [PROFILE_DETAILS_FIELDS, BILLING_ADDRESS_FIELDS] as const;
      const filled = groups.map((group) =>
        Object.keys(group).some((key) => profile[key as keyof typeof profile] !== ''),
      );
      if (!filled.some(Boolean)) filled[0] = true;
      groups.forEach((group, index) => {
        if (!filled[index]) return;
        for (const [key, label] of Object.entries(group)) {
          if (profile[key as keyof typeof profile] === '')
            context.issues.push({
              code: 'custom',
              message: `${label} is required`,
              path: [key],
              input: profile,
            });
        }
      });
      // The number with its calling code, as the phone library reads it (spec section 5).
      if (profile.mobileNo !== '' && phoneError(`${profile.countryCode}${profile.mobileNo}`) !== null)
        context.issues.push({
          code: 'custom',
          message: FIELD_MESSAGES.phoneWithCountry,
          path: ['mobileNo'],
          input: profile,
        });
    }),
  );
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;
