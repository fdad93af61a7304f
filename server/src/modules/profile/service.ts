import { createRequire } from 'node:module';
import type CountryList from 'country-state-city/lib/cjs/country';
import type StateList from 'country-state-city/lib/cjs/state';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Profile } from '@registry/contracts/profile';
import type { ProfileUpdate } from '@registry/contracts/profile-update';
import type { Db } from '../../db/database';
import { profiles } from '../../db/schema';
import { badRequest, notFound } from '../../http-error';
import { pictureAddress } from './picture';

// The countries and states only: the package's entry also loads every city (about 60 MB in memory).
const load = createRequire(import.meta.url);
const Country = (load('country-state-city/lib/cjs/country.js') as { default: typeof CountryList }).default;
const State = (load('country-state-city/lib/cjs/state.js') as { default: typeof StateList }).default;

/** Calling code as `+1`, `+1-268` normalised to the code the phone library expects. */
function callingCode(phonecode: string): string {
  const digits = phonecode.replace(/^\+/, '').split(/[-\s]/)[0] ?? '';
  return `+${digits}`;
}

export function listCountries() {
  return Country.getAllCountries()
    .filter((country) => country.phonecode)
    .map((country) => ({ cd: callingCode(country.phonecode), name: country.name, iso: country.isoCode }));
}

export function listStates(countryName: string): string[] {
  const country = Country.getAllCountries().find(
    (item) => item.name.toLowerCase() === countryName.trim().toLowerCase(),
  );
  if (!country) throw notFound(`Unknown country ${countryName}`);
  return State.getStatesOfCountry(country.isoCode).map((state) => state.name);
}

function toProfile(row: typeof profiles.$inferSelect, dp: string | null): Profile {
  return {
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerified,
    expiryReminders: row.expiryReminders,
    mobileNo: row.mobileNo,
    countryCode: row.countryCode,
    adrLine1: row.adrLine1,
    adrLine2: row.adrLine2,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    dp,
  };
}

export function createProfileService(db: Db) {
  return {
    async get(accountId: string): Promise<Profile | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.accountId, accountId));
      return row ? toProfile(row, await pictureAddress(db, accountId)) : null;
    },

    async set(accountId: string, update: ProfileUpdate): Promise<Profile> {
      const [current] = await db.select().from(profiles).where(eq(profiles.accountId, accountId));
      const emailVerified = Boolean(current && current.emailVerified && current.email === update.email);
      const values = { ...update, emailVerified, updatedAt: new Date() };
      const [row] = await db
        .insert(profiles)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: profiles.accountId, set: values })
        .returning();
      return toProfile(row!, await pictureAddress(db, accountId));
    },

    /** Turns expiry reminders on (only for a verified email) or off; answers the setting now. */
    async setExpiryReminders(accountId: string, enabled: boolean): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ expiryReminders: enabled })
        .where(
          enabled
            ? and(eq(profiles.accountId, accountId), eq(profiles.emailVerified, true), ne(profiles.email, ''))
            : eq(profiles.accountId, accountId),
        )
        .returning({ expiryReminders: profiles.expiryReminders });
      if (enabled && rows.length === 0)
        throw badRequest('EMAIL_NOT_VERIFIED', 'Verify your email before turning on expiry reminders');
      return rows[0]?.expiryReminders ?? false;
    },

    /** The verified addresses of those among `accountIds` who asked for expiry reminders. */
    async reminderAddresses(accountIds: string[]): Promise<Map<string, string>> {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .select({ accountId: profiles.accountId, email: profiles.email })
        .from(profiles)
        .where(
          and(
            inArray(profiles.accountId, accountIds),
            eq(profiles.expiryReminders, true),
            eq(profiles.emailVerified, true),
            ne(profiles.email, ''),
          ),
        );
      return new Map(rows.map((row) => [row.accountId, row.email]));
    },

    /** Marks the address verified only while it is still the profile's: false when it changed. */
    async markEmailVerified(accountId: string, email: string): Promise<boolean> {
      const rows = await db
        .update(profiles)
        .set({ emailVerified: true })
        .where(and(eq(profiles.accountId, accountId), eq(profiles.email, email)))
        .returning({ email: profiles.email });
      return rows.length > 0;
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
