import * as z from 'zod/mini';
import { NOT_DONE_STATUS, OK_STATUS } from './status-codes';
import { emailError } from './fields';

export const ProfileSchema = z.object({
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Mails before the account's names expire (only a verified email may opt in). */
  expiryReminders: z.boolean(),
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
  status: z.union([z.literal(OK_STATUS), z.literal(NOT_DONE_STATUS)]),
  msg: z.string(),
});

export const ExpiryRemindersSchema = z.object({ enabled: z.boolean() });
export type ExpiryReminders = z.infer<typeof ExpiryRemindersSchema>;

/** Where the uploaded profile picture is served now. */
export const PictureUploadResponseSchema = z.object({ dp: z.string() });
