import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { bus } from '@registry/bus';
import { ApiRequestError } from '@registry/api-client/client';
import type { Profile } from '@registry/contracts/profile';
import { Button } from '@registry/ui/button';
import { Modal } from '@registry/ui/modal';
import { profileApi } from '../api/profile-api';
import {
  BILLING_RULES,
  DETAILS_RULES,
  profilePayload,
  profileValues,
  type ProfileValues,
} from '../profile-form';
import { FormField } from './form-field';
import { useFieldRules } from './use-field-rules';

type Country = { cd: string; name: string };
/** Spec section 7: country and state list errors show in a banner for 3 s. */
const BANNER_MS = 3000;

/** The text fields of both cards: label and input hints, one line each. */
const TEXT_FIELDS = {
  fullName: { label: 'Name', required: true, autoComplete: 'name', maxLength: 120 },
  email: { label: 'Email', type: 'email', required: true, autoComplete: 'email', maxLength: 254 },
  mobileNo: { label: 'Phone', type: 'tel', required: true, autoComplete: 'tel-national', maxLength: 15 },
  adrLine1: { label: 'Address Line 1', required: true, autoComplete: 'address-line1', maxLength: 200 },
  adrLine2: { label: 'Address Line 2', autoComplete: 'address-line2', maxLength: 200 },
  state: { label: 'State', required: true, autoComplete: 'address-level1', maxLength: 120 },
  city: { label: 'City', required: true, autoComplete: 'address-level2', maxLength: 120 },
  pincode: { label: 'Postal code', required: true, autoComplete: 'postal-code', maxLength: 20 },
} as const;
type TextField = keyof typeof TEXT_FIELDS;

export type ProfilePart = 'details' | 'billing';
const TITLES: Record<ProfilePart, string> = {
  details: 'Edit Profile Details',
  billing: 'Edit Billing Address',
};

/**
 * The modal of one card: Edit Profile Details or Edit Billing Address. Fields are checked on blur;
 * Cancel puts back the stored profile; Save sends the whole profile and closes.
 */
export function EditProfileModal({
  part,
  profile,
  onClose,
  onSaved,
}: {
  part: ProfilePart;
  profile: Profile | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const stored = useMemo(() => profileValues(profile), [profile]);
  const [values, setValues] = useState<ProfileValues>(stored);
  const [countries, setCountries] = useState<Country[]>([]);
  const [states, setStates] = useState<string[]>([]);
  const [banner, setBanner] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const rules = part === 'details' ? DETAILS_RULES : BILLING_RULES;
  const { bind, checkAll, reset } = useFieldRules(values, rules);
  const set = (key: keyof ProfileValues) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const textField = (key: TextField) => (
    <FormField {...TEXT_FIELDS[key]} value={values[key]} {...bind(key, set(key))} />
  );

  const showBanner = (message: string) => {
    setBanner(message);
    setTimeout(() => setBanner(null), BANNER_MS);
  };

  useEffect(() => {
    void profileApi
      .listCountries()
      .then(({ countries: list }) => setCountries(list))
      .catch((error: unknown) =>
        showBanner(
          error instanceof ApiRequestError ? error.message : 'The list of countries could not be loaded',
        ),
      );
  }, []);

  useEffect(() => {
    if (part !== 'billing' || !values.country) return;
    let current = true;
    void profileApi
      .listStates(values.country)
      .then(({ states: list }) => current && setStates(list))
      .catch((error: unknown) => {
        if (!current) return;
        setStates([]);
        showBanner(
          error instanceof ApiRequestError ? error.message : 'The list of states could not be loaded',
        );
      });
    return () => {
      current = false;
    };
  }, [part, values.country]);

  const cancel = () => {
    setValues(stored);
    reset();
    onClose();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaveError(null);
    if (!checkAll()) return;
    setSaving(true);
    try {
      await profileApi.saveProfile(profilePayload(part, values, profile));
      onSaved();
      bus.emit('toast', { kind: 'success', message: 'Profile saved' });
    } catch (error) {
      setSaveError(
        error instanceof ApiRequestError ? error.message : 'The profile could not be saved; try again',
      );
    } finally {
      setSaving(false);
    }
  };

  const callingCodes = [...new Set(countries.map((country) => country.cd))]
    .filter((cd) => /^\+[1-9]\d{0,3}$/.test(cd))
    .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
    .map((cd) => ({ value: cd, label: cd }));
  const countryOptions = countries.map((country) => ({ value: country.name, label: country.name }));

  return (
    <Modal open onOpenChange={(open) => !open && cancel()} title={TITLES[part]} closeLabel="Cancel">
      {banner ? (
        <p className="profile-form__banner" role="alert">
          {banner}
        </p>
      ) : null}
      <form className="profile-form" onSubmit={(event) => void save(event)} noValidate>
        {part === 'details' ? (
          <>
            {textField('fullName')}
            {textField('email')}
            <div className="profile-form__phone">
              <FormField
                label="Code"
                value={values.countryCode}
                options={
                  callingCodes.length > 0
                    ? callingCodes
                    : [{ value: values.countryCode, label: values.countryCode }]
                }
                {...bind('countryCode', set('countryCode'))}
              />
              {textField('mobileNo')}
            </div>
          </>
        ) : (
          <>
            {textField('adrLine1')}
            {textField('adrLine2')}
            <FormField
              label="Country"
              required
              value={values.country}
              options={
                countryOptions.length > 0
                  ? countryOptions
                  : [{ value: values.country, label: values.country }]
              }
              {...bind('country', (value) =>
                setValues((current) => ({ ...current, country: value, state: '' })),
              )}
            />
            {states.length > 0 ? (
              <FormField
                label="State"
                required
                value={values.state}
                options={[
                  { value: '', label: 'Select a state' },
                  ...states.map((state) => ({ value: state, label: state })),
                ]}
                {...bind('state', set('state'))}
              />
            ) : (
              textField('state')
            )}
            {textField('city')}
            {textField('pincode')}
          </>
        )}
        {saveError ? (
          <p className="profile-form__error" role="alert">
            {saveError}
          </p>
        ) : null}
        <div className="profile-form__actions">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
