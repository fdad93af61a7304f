import { useId, useState, type FormEvent } from 'react';
import { checkResolverName, RESOLVER_MAX_LENGTH } from '@registry/contracts/domain-name';
import { RESOLVER_MESSAGES } from '@registry/contracts/resolver-messages';
import { Button } from '@registry/ui/button';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';
import type { ResolveOutcome } from './api/resolve-name';
import './resolver-page.css';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';

/**
 * The resolver client and its messages load once the box is used (focused, or a name sent): the
 * heading and the box never wait for them.
 */
let lookUpModule: Promise<typeof import('./api/look-up')> | null = null;
const loadLookUp = () =>
  (lookUpModule ??= import(/* webpackChunkName: "resolver-look-up" */ './api/look-up').catch(
    (error: unknown) => {
      // Not kept: the next use asks for it again.
      lookUpModule = null;
      throw error;
    },
  ));

/** Where the browser goes: a seam for the page's tests. */
export const navigation = { go: (url: string) => window.location.assign(url) };

/** The public resolver: type a domain, go to its web2 address (spec sections 2, 4, 5 and 8). */
export function ResolverPage() {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // A registered name without an address to go to still has its public page.
  const [publicPage, setPublicPage] = useState<string | null>(null);
  const [holder, setHolder] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const messageId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkResolverName(text);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') return setMessage(check.message);
    setMessage(null);
    setPublicPage(null);
    setHolder(null);
    setResolving(true);
    let outcome: ResolveOutcome;
    try {
      outcome = await (await loadLookUp()).lookUp(check.name);
    } catch {
      // The resolver's code did not arrive: said as a lost connection.
      outcome = { kind: 'message', message: RESOLVER_MESSAGES.networkError };
    }
    setResolving(false);
    if (outcome.kind === 'redirect') return navigation.go(outcome.url);
    setMessage(outcome.message);
    setPublicPage(outcome.name ?? null);
    setHolder(outcome.holder ?? null);
  };

  return (
    <section data-page="resolver" className="resolver-page">
      <PageHeading {...PAGE_HEADINGS.resolver} />
      <form className="resolver-form" role="search" onSubmit={(event) => void submit(event)} noValidate>
        <input
          type="text"
          className="ui-input"
          aria-label="Domain name"
          placeholder="alice.hbar"
          value={text}
          maxLength={RESOLVER_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onFocus={() => void loadLookUp().catch(() => undefined)}
          aria-invalid={message !== null}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setMessage(null);
            setPublicPage(null);
            setHolder(null);
          }}
        />
        <Button type="submit" disabled={resolving}>
          Go
        </Button>
      </form>
      <div className="resolver-page__status" aria-live="polite">
        {resolving ? <Spinner label="Resolving…" /> : null}
        {message ? (
          <p id={messageId} className="resolver-page__message" role="alert">
            {message}
          </p>
        ) : null}
        {holder ? <p className="resolver-page__holder">{holder}</p> : null}
        {publicPage ? (
          // The public page is the server's own HTML, not a page of the app.
          <a className="resolver-page__public" href={`/n/${encodeURIComponent(publicPage)}`}>
            See the public page of {publicPage}
          </a>
        ) : null}
      </div>
    </section>
  );
}
