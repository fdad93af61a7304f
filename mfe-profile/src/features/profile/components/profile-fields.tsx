import type { ProfileValues } from '../profile-form';
import { FormField } from './form-field';

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

type Option = { value: string; label: string };
type BoundField = {
  error: string | null;
  onBlur: () => void;
  onFocus: () => void;
  onChange: (value: string) => void;
};

/** What the fields need of the form: its values and, per field, its message and handlers. */
export type FieldKit = {
  values: ProfileValues;
  /** `onChange` sets the field's own value unless given. */
  bindTo: (key: keyof ProfileValues, onChange?: (value: string) => void) => BoundField;
};

function TextInput({ kit, name }: { kit: FieldKit; name: TextField }) {
  return <FormField {...TEXT_FIELDS[name]} value={kit.values[name]} {...kit.bindTo(name)} />;
}

/** Before the server's list has come, a select offers the stored value alone. */
const orCurrent = (options: Option[], value: string) =>
  options.length > 0 ? options : [{ value, label: value }];

/** Edit Profile Details: name, email, and the phone with its calling code. */
export function DetailsFields({ kit, callingCodes }: { kit: FieldKit; callingCodes: Option[] }) {
  return (
    <>
      <TextInput kit={kit} name="fullName" />
      <TextInput kit={kit} name="email" />
      <div className="profile-form__phone">
        <FormField
          label="Code"
          value={kit.values.countryCode}
          options={orCurrent(callingCodes, kit.values.countryCode)}
          {...kit.bindTo('countryCode')}
        />
        <TextInput kit={kit} name="mobileNo" />
      </div>
    </>
  );
}

/** Edit Billing Address: a state from the country's list when the server has one, typed otherwise. */
export function BillingFields({
  kit,
  countryOptions,
  states,
  onCountryChosen,
}: {
  kit: FieldKit;
  countryOptions: Option[];
  states: string[];
  onCountryChosen: (country: string) => void;
}) {
  return (
    <>
      <TextInput kit={kit} name="adrLine1" />
      <TextInput kit={kit} name="adrLine2" />
      <FormField
        label="Country"
        required
        value={kit.values.country}
        options={orCurrent(countryOptions, kit.values.country)}
        {...kit.bindTo('country', onCountryChosen)}
      />
      {states.length > 0 ? (
        <FormField
          label="State"
          required
          value={kit.values.state}
          options={[
            { value: '', label: 'Select a state' },
            ...states.map((state) => ({ value: state, label: state })),
          ]}
          {...kit.bindTo('state')}
        />
      ) : (
        <TextInput kit={kit} name="state" />
      )}
      <TextInput kit={kit} name="city" />
      <TextInput kit={kit} name="pincode" />
    </>
  );
}
