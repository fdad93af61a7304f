import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { matchPath } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from './pages';

afterEach(cleanup);

/** Renders a page as the shell does: with the parameters and query its route gives it. */
async function renderAt(id: string, routePath: string, url: string) {
  const Page = pages[id]!;
  const target = new URL(url, 'http://localhost');
  const match = matchPath(routePath, target.pathname);
  if (!match) throw new Error(`${url} does not match ${routePath}`);
  render(
    <Suspense fallback={null}>
      <Page params={match.params} query={target.searchParams} />
    </Suspense>,
  );
  // A page's code loads on first use: the first render of each may take longer than the default 1 s.
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent;
}

describe('my-domains remote', () => {
  it('exposes every page the shell mounts, with its heading', async () => {
    expect(
      await renderAt('domain-detail', '/gui/domain/:type/detail', '/gui/domain/web3/detail?domain=a.hbar'),
    ).toBe('Domain Details');
    cleanup();
    expect(
      await renderAt('domain-manage', '/gui/domain/:type/manage', '/gui/domain/web3/manage?domain=a.hbar'),
    ).toBe('Domain Management');
    cleanup();
    expect(
      await renderAt('domain-manage', '/gui/domain/:type/manage', '/gui/domain/web2/manage?domain=a.com'),
    ).toBe('DNS Management');
    cleanup();
    expect(await renderAt('my-domains', '/gui/w3mydomains', '/gui/w3mydomains')).toBe('Domains');
    cleanup();
    expect(await renderAt('my-subdomains', '/gui/w3mysubdomains/:domain', '/gui/w3mysubdomains/a.hbar')).toBe(
      'Subdomains of a.hbar',
    );
    cleanup();
    expect(await renderAt('pending', '/gui/nbsafhukfhus', '/gui/nbsafhukfhus')).toBe(
      'Pending Domain Transactions',
    );
    cleanup();
    expect(
      await renderAt(
        'other-domain-detail',
        '/gui/odomain/web3/detail',
        '/gui/odomain/web3/detail?domain=a.hbar',
      ),
    ).toBe('Domain Details');
  });
});
