import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, createApiClient } from '@registry/api-client/client';
import type { PageProps } from '@registry/contracts/routes';
import { AppLink } from '@registry/ui/app-link';
import { PageHeading } from '@registry/ui/page-heading';
import { PAGE_HEADINGS } from '@registry/contracts/page-headings';

const api = createApiClient();

/**
 * Where the verification mail's link lands (`/index.html?t=ev&x={code}`, spec section 2): 'Wait', then
 * the server's message and a way home.
 */
export function EmailVerificationPage({ query }: PageProps) {
  const code = query.get('x') ?? '';
  const [message, setMessage] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's double effects: a code works only once.
    if (sent.current) return;
    sent.current = true;
    void api
      .verifyEmail(code)
      .then((answer) => setMessage(answer.msg))
      .catch((error: unknown) =>
        setMessage(
          error instanceof ApiRequestError
            ? error.message
            : 'Something went wrong, the email could not be verified',
        ),
      );
  }, [code]);

  return (
    <section data-page="email-verification" className="email-verification">
      <PageHeading {...PAGE_HEADINGS.emailVerification} />
      <div aria-live="polite">
        {message === null ? (
          <p>Wait</p>
        ) : (
          <>
            <p className="email-verification__message">{message}</p>
            <AppLink to="/">Jump to Home Page</AppLink>
          </>
        )}
      </div>
    </section>
  );
}
