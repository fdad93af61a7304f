import { useParams } from 'react-router-dom';
import { PageHeading } from '@registry/ui/page-heading';

export function MySubdomainsPage() {
  const { domain = '' } = useParams();
  return (
    <section data-page="my-subdomains">
      <PageHeading title={`Subdomains of ${domain}`} />
    </section>
  );
}
