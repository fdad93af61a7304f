import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createResolver, findRecipient, type RecipientAnswer, type Resolver } from '@registry/resolver';

/** Pause after the last key before a name is looked up. */
const LOOK_UP_AFTER_MS = 300;

const sameOrigin = createResolver({ registryUrl: '' });

const unreachable: RecipientAnswer = {
  ok: false,
  reason: 'malformed',
  message: 'The name could not be looked up; try again',
};

export type RecipientLookup = {
  /** The answer for what is typed now; null while nothing is typed or it is being looked up. */
  answer: RecipientAnswer | null;
  /** The answer for what is typed now, looked up at once if it is not known yet (on submit). */
  settle: () => Promise<RecipientAnswer>;
};

/**
 * Follows a recipient box that takes a name or an account id: what it resolves to, shown before the
 * wallet signs anything.
 */
export function useRecipient(
  typed: string,
  sender: string | null,
  resolver: Pick<Resolver, 'resolveName'> = sameOrigin,
): RecipientLookup {
  const [answer, setAnswer] = useState<{ typed: string; answer: RecipientAnswer } | null>(null);
  const lookups = useRef(new Map<string, Promise<RecipientAnswer>>());

  /** A fresh look-up each time the box settles (a name may have moved since); submit reuses it. */
  const lookUp = useCallback(
    (value: string, { fresh }: { fresh: boolean }) => {
      const key = value.trim().toLowerCase();
      let lookup = fresh ? undefined : lookups.current.get(key);
      if (!lookup) {
        lookup = findRecipient(resolver, key, { sender }).catch(() => {
          lookups.current.delete(key);
          return unreachable;
        });
        lookups.current.set(key, lookup);
      }
      return lookup;
    },
    [resolver, sender],
  );

  useEffect(() => {
    lookups.current.clear();
  }, [sender]);

  useEffect(() => {
    if (!typed.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      void lookUp(typed, { fresh: true }).then((found) => {
        if (current) setAnswer({ typed, answer: found });
      });
    }, LOOK_UP_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, lookUp]);

  const settle = useCallback(() => lookUp(typed, { fresh: false }), [lookUp, typed]);
  return useMemo(
    () => ({ answer: answer && answer.typed === typed && typed.trim() ? answer.answer : null, settle }),
    [answer, typed, settle],
  );
}

/**
 * What the box resolves to: "alice.hbar → 0.0.1234" and whether that account is shown by this name
 * (the primary name check), or why it cannot be sent to. Names are rendered as text.
 */
export function RecipientPreview({ answer, id }: { answer: RecipientAnswer | null; id?: string }) {
  if (!answer) return <p id={id} className="ui-recipient" aria-live="polite" />;
  if (!answer.ok)
    return (
      <p id={id} className="ui-recipient ui-recipient--refused" aria-live="polite">
        {answer.message}
      </p>
    );
  const { recipient } = answer;
  return (
    <p
      id={id}
      className="ui-recipient ui-recipient--found"
      aria-live="polite"
      data-testid="recipient-preview"
    >
      {recipient.name ? (
        <>
          <span className="ui-recipient__name">{recipient.name}</span> →{' '}
          <span className="ui-recipient__account">{recipient.accountId}</span>
          <span className="ui-recipient__primary">
            {recipient.isPrimaryName
              ? ' · its primary name'
              : ` · ${recipient.accountId} is not shown by this name`}
          </span>
        </>
      ) : (
        <>
          Account <span className="ui-recipient__account">{recipient.accountId}</span>
        </>
      )}
    </p>
  );
}

type RecipientFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  lookup: RecipientLookup;
  /** The form's error is showing (a refusal is then not repeated beside the box). */
  failed: boolean;
  disabled?: boolean;
  className?: string;
};

/** A box that takes a name or an account id, with what it resolves to underneath. */
export function RecipientField({
  label,
  value,
  onChange,
  lookup,
  failed,
  disabled,
  className = 'ui-input',
}: RecipientFieldProps) {
  const inputId = useId();
  const previewId = useId();
  const { answer } = lookup;
  return (
    <>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className={className}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder="alice.hbar or 0.0.1234"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-invalid={failed ? true : undefined}
        aria-describedby={previewId}
      />
      <RecipientPreview id={previewId} answer={failed && answer && !answer.ok ? null : answer} />
    </>
  );
}
