import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from './pages';

afterEach(cleanup);

describe('profile remote', () => {
  it.each([
    ['profile', 'Orders & Profile'],
    ['email-verification', 'Email verification'],
  ])('exposes the %s page', async (id, heading) => {
    const Page = pages[id]!;
    render(
      <Suspense fallback={null}>
        <Page params={{}} query={new URLSearchParams()} />
      </Suspense>,
    );
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(heading);
  });
});
