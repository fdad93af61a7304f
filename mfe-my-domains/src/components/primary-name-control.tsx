import { Badge } from '@registry/ui/badge';
import { Button } from '@registry/ui/button';
import type { usePrimaryName } from './use-primary-name';

/** Whether this name is the account's primary name, with the button that changes it. */
export function PrimaryNameControl({
  domainName,
  primary,
}: {
  domainName: string;
  primary: ReturnType<typeof usePrimaryName>;
}) {
  if (primary.name === undefined) return <span className="domain-detail__value">…</span>;
  if (primary.name === domainName)
    return (
      <>
        <Badge tone="success">Your primary name</Badge>
        <Button variant="ghost" disabled={primary.busy} onClick={() => void primary.clearPrimary()}>
          Stop using as primary name
        </Button>
      </>
    );
  return (
    <>
      <span className="domain-detail__value">
        {primary.name ? `Your primary name is ${primary.name}` : 'You have no primary name'}
      </span>
      <Button variant="ghost" disabled={primary.busy} onClick={() => void primary.setPrimary(domainName)}>
        Use as primary name
      </Button>
    </>
  );
}
