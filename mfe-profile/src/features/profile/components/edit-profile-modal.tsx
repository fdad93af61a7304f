import { useMemo, useState, type FormEvent } from 'react';
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
import { BillingFields, DetailsFields, type FieldKit } from './profile-fields';
import { useFieldRules } from './use-field-rules';
import { usePlaceLists } from './use-place-lists';

export type ProfilePart = 'details' | 'billing';
const TITLES: Record<ProfilePart, string> = {
  details: 'Edit Profile Details',
  billing: 'Edit Billing Address',
};

type EditProfileModalProps = {
  part: ProfilePart;
  profile: Profile | null;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * The modal of one card: Edit Profile Details or Edit Billing Address. Fields are checked on blur;
 * Cancel puts back the stored profile; Save sends the whole profile and closes.
 */
export function EditProfileModal({ part, profile, onClose, onSaved }: EditProfileModalProps) {
  const stored = useMemo(() => profileValues(profile), [profile]);
  const [values, setValues] = useState<ProfileValues>(stored);
  const { callingCodes, countryOptions, states, banner } = usePlaceLists(
    part === 'billing' && values.country ? values.country : null,
  );
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const rules = part === 'details' ? DETAILS_RULES : BILLING_RULES;
  const { bind, checkAll, reset } = useFieldRules(values, rules);
  const kit: FieldKit = {
    values,
    bindTo: (key, onChange = (value) => setValues((current) => ({ ...current, [key]: value }))) =>
      bind(key, onChange),
  };

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

  return (
    <Modal open onOpenChange={(open) => !open && cancel()} title={TITLES[part]} closeLabel="Cancel">
      {banner ? (
        <p className="profile-form__banner" role="alert">
          {banner}
        </p>
      ) : null}
      <form className="profile-form" onSubmit={(event) => void save(event)} noValidate>
        {part === 'details' ? (
          <DetailsFields kit={kit} callingCodes={callingCodes} />
        ) : (
          <BillingFields
            kit={kit}
            countryOptions={countryOptions}
            states={states}
            onCountryChosen={(country) => setValues((current) => ({ ...current, country, state: '' }))}
          />
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
