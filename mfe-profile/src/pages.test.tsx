import { Suspense } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
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
      <MemoryRouter>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </MemoryRouter>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
  });
});
