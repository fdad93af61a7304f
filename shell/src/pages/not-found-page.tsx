import { Link } from 'react-router-dom';
import { paths } from '@registry/contracts/routes';

export function NotFoundPage() {
  return (
    <section className="not-found" data-page="not-found">
      <h1>Page not found</h1>
      <p>The page you are looking for does not exist.</p>
      <Link to={paths.home}>Search Domains</Link>
    </section>
  );
}
