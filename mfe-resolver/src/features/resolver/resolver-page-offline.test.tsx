import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResolverPage } from './resolver-page';

// The resolver's own code is a chunk of its own, loaded after the page drew: here it never arrives.
vi.mock('./api/look-up', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

describe('resolver page without its resolver code', () => {
  it('still draws, and says the lookup failed instead of waiting forever', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ResolverPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Resolve Hedera Domains');
    fireEvent.change(screen.getByRole('textbox', { name: 'Domain name' }), {
      target: { value: 'alice.hbar' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong!');
    expect(screen.getByRole('button', { name: 'Go' }).hasAttribute('disabled')).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
