import { Suspense, type ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { matchPath } from 'react-router-dom';
import type { PageProps } from '@registry/contracts/routes';

/**
 * Renders a remote's page as the shell does (with the parameters and query its route gives it) and
 * answers its level-1 heading. A page's code loads on first use: the first render may take seconds.
 */
export async function headingOfPage(
  pages: Record<string, ComponentType<PageProps>>,
  id: string,
  { route, url }: { route?: string; url?: string } = {},
): Promise<string | null> {
  const Page = pages[id];
  if (!Page) throw new Error(`No page ${id}`);
  const target = new URL(url ?? '/', 'http://localhost');
  const match = route ? matchPath(route, target.pathname) : { params: {} };
  if (!match) throw new Error(`${url} does not match ${route}`);
  render(
    <Suspense fallback={null}>
      <Page params={match.params} query={target.searchParams} />
    </Suspense>,
  );
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent;
}
