import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pages } from './pages';

afterEach(cleanup);

describe('cart-checkout remote', () => {
  it.each([
    ['cart', 'Your Cart'],
    ['checkout', 'Checkout'],
  ])('exposes the %s page', (id, heading) => {
    const Page = pages[id]!;
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });
});
