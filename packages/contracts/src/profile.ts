import * as z from 'zod/mini';
import { emailError, FIELD_MESSAGES, nameError } from './fields';
import { phoneError } from './phone';

export const ProfileSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  mobileNo: z.string(),
  countryCode: z.string(),
  adrLine1: z.string(),
  adrLine2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  pincode: z.string(),
  dp: z.nullable(z.string()),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({ profile: z.nullable(ProfileSchema) });

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

export const CountrySchema = z.object({ cd: z.string(), name: z.string(), iso: z.string() });
export const CountryListSchema = z.object({ countries: z.array(CountrySchema) });
export const StatesQuerySchema = z.object({
  countryName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});
export const StateListSchema = z.object({ states: z.array(z.string()) });

export const EmailVerificationRequestSchema = z.object({
  email: z.string().check(
    z.trim(),
    z.maxLength(254),
    z.refine((value) => emailError(value) === null, 'Enter a valid email ID.'),
  ),
});
export const EmailVerificationCodeSchema = z.object({
  vi: z.string().check(z.trim(), z.minLength(8), z.maxLength(128)),
});
export const MessageResponseSchema = z.object({
  status: z.union([z.literal(1), z.literal(0)]),
  msg: z.string(),
});

/** Where the uploaded profile picture is served now. */
export const PictureUploadResponseSchema = z.object({ dp: z.string() });
