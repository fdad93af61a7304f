import * as z from 'zod/mini';
import { emailError, FIELD_MESSAGES, nameError } from './fields';
import { phoneError } from './phone';

const required = (label: string, max = 120, ...rules: z.core.$ZodCheck<string>[]) =>
  z.string().check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max), ...rules);

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

/** Profile form: every field but Address Line 2 is required. */
export const ProfileUpdateSchema = z
  .object({
    fullName: required(
      'Name',
      120,
      z.refine((value) => nameError(value) === null, 'Enter a valid name.'),
    ),
    email: required(
      'Email',
      254,
      z.refine((value) => emailError(value) === null, 'Enter a valid email ID.'),
    ),
    countryCode: z.string().check(z.trim(), z.regex(/^\+\d{1,4}$/, 'must be a calling code such as +1')),
    mobileNo: z.string().check(z.trim(), z.regex(/^\d{4,15}$/, FIELD_MESSAGES.phoneWithCountry)),
    adrLine1: required('Address Line 1', 200),
    adrLine2: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
    country: required('Country'),
    state: required('State'),
    city: required('City'),
    pincode: required('Postal code', 20),
  })
  .check(
    // The number with its calling code, as the phone library reads it (spec section 5).
    z.refine((profile) => phoneError(`${profile.countryCode}${profile.mobileNo}`) === null, {
      message: FIELD_MESSAGES.phoneWithCountry,
      path: ['mobileNo'],
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
