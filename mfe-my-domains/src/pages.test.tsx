import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headingOfPage } from '@registry/ui/testing/render-page';
import { pages } from './pages';

afterEach(cleanup);

const renderAt = (id: string, route: string, url: string) => headingOfPage(pages, id, { route, url });

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
