import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from '../../pages';

afterEach(cleanup);

describe('resolver remote', () => {
  it('exposes the resolver page the shell mounts', async () => {
    const ResolverPage = pages.resolver!;
    render(
      <Suspense fallback={null}>
        <ResolverPage />
      </Suspense>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Resolve Hedera Domains');
    expect(screen.getByText('Humanizing Internet, Safely.')).toBeTruthy();
  });
});
