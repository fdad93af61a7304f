import { useId, useState, type FormEvent } from 'react';
import { bus } from '@registry/bus';
import { checkSearchName, NAME_MESSAGES, searchMaxLength } from '@registry/contracts/domain-name';
import { Button } from '@registry/ui/button';
import type { TldsState } from '../hooks/use-tlds';
import './search-form.css';

/** The box 'Add New Domain' brings the user back to. */
export const SEARCH_INPUT_ID = 'domain-search-input';

export type SearchRequest = { fullName: string; parent: string | null };

/**
 * The search box with its top-level selector: Enter or Search submits; a name the rules refuse shows
 * the spec's message inline and as a 3 s toast; empty input does nothing.
 */
export function SearchForm({
  tlds,
  onSearch,
  submitLabel = 'Search',
  inputId = SEARCH_INPUT_ID,
  topLevelOnly = false,
}: {
  tlds: TldsState;
  onSearch: (request: SearchRequest) => void;
  submitLabel?: string;
  inputId?: string;
  /** Subdomains cannot be asked for here (the claim): such a name is an invalid subdomain name. */
  topLevelOnly?: boolean;
}) {
  const [text, setText] = useState('');
  const [tld, setTld] = useState(tlds.tlds[0] ?? 'hbar');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkSearchName(text, tld);
    if (check.kind === 'empty') return;
    const refusal =
      check.kind === 'invalid'
        ? check.message
        : topLevelOnly && check.parent
          ? NAME_MESSAGES.invalidSubdomain
          : null;
    if (refusal) {
      setError(refusal);
      bus.emit('toast', { kind: 'error', message: refusal });
      return;
    }
    if (check.kind !== 'valid') return;
    setError(null);
    onSearch({ fullName: check.fullName, parent: check.parent });
  };

  return (
    <form className="search-form" role="search" onSubmit={submit} noValidate>
      <div className="search-form__row">
        <input
          type="text"
          className="ui-input"
          id={inputId}
          aria-label="Domain name"
          placeholder="Search your domain"
          value={text}
          maxLength={searchMaxLength(tld)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <select
          className="ui-input"
          aria-label="Top-level domain"
          value={tld}
          aria-busy={tlds.status === 'loading'}
          onChange={(event) => setTld(event.target.value)}
        >
          {tlds.tlds.map((name) => (
            <option key={name} value={name}>
              .{name}
            </option>
          ))}
        </select>
        <Button type="submit">{submitLabel}</Button>
      </div>
      {error ? (
        <p id={errorId} className="search-form__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
