import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headingOfPage } from '@registry/ui/testing/render-page';
import { pages } from './pages';

afterEach(cleanup);

describe('profile remote', () => {
  it.each([
    ['profile', 'Orders & Profile'],
    ['email-verification', 'Email verification'],
  ])('exposes the %s page', async (id, heading) => {
    expect(await headingOfPage(pages, id)).toBe(heading);
  });
});
