import { useId, type ReactNode } from 'react';

type FieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Spec section 5: fields are checked on blur, and the message clears on focus or change. */
  onBlur: () => void;
  onFocus: () => void;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  /** Options make it a select. */
  options?: { value: string; label: string }[];
  /** Shown before the input on the same line (e.g. the calling code of a phone). */
  prefix?: ReactNode;
};

/** A labelled input or select with its message, tied together for screen readers. */
export function FormField({
  label,
  value,
  onChange,
  error,
  onBlur,
  onFocus,
  required = false,
  type = 'text',
  autoComplete,
  maxLength,
  options,
  prefix,
}: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const shared = {
    id,
    className: 'ui-input',
    value,
    required,
    onBlur,
    onFocus,
    'aria-invalid': error !== null,
    ...(error ? { 'aria-describedby': messageId } : {}),
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="form-field__control">
        {prefix}
        {options ? (
          <select {...shared} onChange={(event) => onChange(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...shared}
            type={type}
            autoComplete={autoComplete}
            maxLength={maxLength}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </div>
      {error ? (
        <p id={messageId} className="form-field__message" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
