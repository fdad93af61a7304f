import { useId, useMemo, useState, type FormEvent } from 'react';
import { bus } from '@registry/bus';
import { checkSubdomainLabel, MAX_LABEL_LENGTH } from '@registry/contracts/domain-name';
import type { QuoteRequest } from '@registry/contracts/orders';
import { paths } from '@registry/contracts/routes';
import { PaymentStatus, sessionJournal, usePaidAction } from '@registry/paid-flow';
import { AppLink } from '@registry/ui/app-link';
import { Button } from '@registry/ui/button';
import { Card } from '@registry/ui/card';
import { useWalletSession } from '@registry/wallet/wallet-session';
import { myDomainsApi } from '../../../api/my-domains-api';
import { SubdomainBooking, type Booking } from './subdomain-booking';
import '../subdomains.css';

/**
 * Booking a subdomain of an owned top-level domain (spec section 2, Subdomain panel): the name, its
 * price, then 'Payment' with the spec's stages; minted for 120 months.
 */
export function SubdomainPanel({ parent, onBooked }: { parent: string; onBooked: () => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const adapter = useWalletSession((session) => session.adapter);
  // A booking paid before a reload is kept, and the panel shows where its payment stands.
  const journal = useMemo(() => sessionJournal(`subdomain:${parent}`), [parent]);
  const paid = usePaidAction({ api: myDomainsApi, wallet: adapter, journal });

  const book = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkSubdomainLabel(text, parent);
    if (check.kind === 'empty') return;
    if (check.kind === 'invalid') return setMessage(check.message);
    setMessage(null);
    paid.reset();
    const request: QuoteRequest = { kind: 'subdomain', parent, label: check.label };
    try {
      setBooking({ request, fullName: check.fullName, preview: await myDomainsApi.previewOrder(request) });
    } catch (error) {
      setBooking(null);
      setMessage(error instanceof Error ? error.message : 'Something went wrong');
    }
  };

  const pay = async () => {
    if (!booking) return;
    const outcome = await paid.run(booking.request);
    if (!outcome?.ok) return;
    onBooked();
    // Not yet in the wallet: the Pending list follows its delivery.
    if (outcome.pending.length > 0) bus.emit('navigate', { to: paths.pending });
  };

  return (
    <Card className="subdomain-panel" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Book a subdomain</h2>
      <PaymentStatus journal={journal} api={myDomainsApi} onSettled={onBooked} />
      <form className="subdomain-panel__form" onSubmit={(event) => void book(event)} noValidate>
        <label htmlFor={inputId}>Subdomain name</label>
        <div className="subdomain-panel__name">
          <input
            id={inputId}
            className="ui-input"
            value={text}
            maxLength={MAX_LABEL_LENGTH - parent.length}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={message !== null}
            aria-describedby={message ? `${inputId}-message` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setMessage(null);
              setBooking(null);
            }}
          />
          <span className="subdomain-panel__parent">.{parent}</span>
          <Button type="submit" variant="ghost" disabled={paid.running}>
            Book
          </Button>
        </div>
        {message ? (
          <p id={`${inputId}-message`} className="subdomain-panel__message" role="alert">
            {message}
          </p>
        ) : null}
      </form>
      {booking ? <SubdomainBooking booking={booking} paid={paid} onPay={() => void pay()} /> : null}
      <AppLink className="subdomain-panel__list" to={paths.mySubdomains(parent)}>
        Subdomains of {parent}
      </AppLink>
    </Card>
  );
}
