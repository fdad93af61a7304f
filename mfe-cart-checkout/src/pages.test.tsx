import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headingOfPage } from '@registry/ui/testing/render-page';
import { pages } from './pages';

afterEach(cleanup);

describe('cart-checkout remote', () => {
  it.each([
    ['cart', 'Your Cart'],
    ['checkout', 'Checkout'],
  ])('exposes the %s page', async (id, heading) => {
    expect(await headingOfPage(pages, id)).toBe(heading);
  });
});
