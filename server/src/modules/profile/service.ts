import { createRequire } from 'node:module';
import type CountryList from 'country-state-city/lib/cjs/country';
import type StateList from 'country-state-city/lib/cjs/state';
import type { Profile } from '@registry/contracts/profile';
import type { ProfileUpdate } from '@registry/contracts/profile-update';
import type { Db } from '../../db/database';
import { badRequest, notFound } from '../../http-error';
import { pictureAddress } from './picture';
import * as repo from './repo';

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

function toProfile(row: repo.ProfileRow, dp: string | null): Profile {
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
      const row = await repo.findProfile(db, accountId);
      return row ? toProfile(row, await pictureAddress(db, accountId)) : null;
    },

    async set(accountId: string, update: ProfileUpdate): Promise<Profile> {
      const current = await repo.findProfile(db, accountId);
      const emailVerified = Boolean(current && current.emailVerified && current.email === update.email);
      const row = await repo.saveProfile(db, accountId, { ...update, emailVerified, updatedAt: new Date() });
      return toProfile(row, await pictureAddress(db, accountId));
    },

    /** Turns expiry reminders on (only for a verified email) or off; answers the setting now. */
    async setExpiryReminders(accountId: string, enabled: boolean): Promise<boolean> {
      const setting = await repo.setExpiryReminders(db, accountId, enabled);
      if (setting === null)
        throw badRequest('EMAIL_NOT_VERIFIED', 'Verify your email before turning on expiry reminders');
      return setting;
    },

    /** The verified addresses of those among `accountIds` who asked for expiry reminders. */
    async reminderAddresses(accountIds: string[]): Promise<Map<string, string>> {
      if (accountIds.length === 0) return new Map();
      const rows = await repo.reminderAddresses(db, accountIds);
      return new Map(rows.map((row) => [row.accountId, row.email]));
    },

    /** Marks the address verified only while it is still the profile's: false when it changed. */
    markEmailVerified: (accountId: string, email: string) => repo.markEmailVerified(db, accountId, email),
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
