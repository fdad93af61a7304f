import type { PageHeadingText } from '@registry/contracts/page-headings';
import { PageHeading } from '@registry/ui/page-heading';
import { Spinner } from '@registry/ui/spinner';

type PagePlaceholderProps = { heading?: PageHeadingText | undefined; label?: string };

/**
 * What a page shows while its code or its wallet arrives: its title block where the page draws it,
 * when the title is the same for everyone, then the loading indicator. The server's first HTML draws
 * the same markup (`server/src/plugins/page-skeleton.ts`), so the title paints once and stays put.
 */
export function PagePlaceholder({ heading, label }: PagePlaceholderProps) {
  return (
    <div className="page-placeholder" data-page-placeholder="">
      {heading ? <PageHeading {...heading} /> : null}
      <Spinner label={label} />
    </div>
  );
}
