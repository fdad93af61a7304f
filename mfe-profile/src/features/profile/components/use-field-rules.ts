import { useCallback, useState } from 'react';

/** A field's rule: the message to show for these values, or null. */
export type FieldRule<V> = (values: V) => string | null;

/**
 * Messages of a form's fields: a field is checked when it loses focus, its message clears when it gets
 * focus back or changes; `checkAll` checks every field before saving.
 */
export function useFieldRules<V extends Record<string, string>>(
  values: V,
  rules: Partial<Record<keyof V, FieldRule<V>>>,
) {
  const [errors, setErrors] = useState<Partial<Record<keyof V, string | null>>>({});
  const check = useCallback(
    (key: keyof V) => setErrors((current) => ({ ...current, [key]: rules[key]?.(values) ?? null })),
    [rules, values],
  );
  const clear = useCallback((key: keyof V) => setErrors((current) => ({ ...current, [key]: null })), []);
  const checkAll = () => {
    const next = Object.fromEntries(
      Object.keys(rules).map((key) => [key, rules[key as keyof V]?.(values) ?? null]),
    ) as Partial<Record<keyof V, string | null>>;
    setErrors(next);
    return Object.values(next).every((message) => message === null);
  };
  const reset = () => setErrors({});
  /** The props a FormField needs for `key`. */
  const bind = (key: keyof V, onChange: (value: string) => void) => ({
    error: errors[key] ?? null,
    onBlur: () => check(key),
    onFocus: () => clear(key),
    onChange: (value: string) => {
      clear(key);
      onChange(value);
    },
  });
  return { errors, bind, checkAll, reset };
}
