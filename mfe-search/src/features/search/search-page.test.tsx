import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPage } from './search-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('search page', () => {
  it('shows the heading and the top-level domains from the server, hbar first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ tlds: [{ itemName: 'blade' }, { itemName: 'hbar' }, { itemName: 'koala' }] }),
      ),
    );
    render(<SearchPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Smart domains. Tokenized on Hedera.');
    expect(screen.getByText('Humanizing Internet, Safely.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '.hbar',
        '.blade',
        '.koala',
      ]),
    );
  });

  it('keeps hbar selectable when the list cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('down', { status: 503 })),
    );
    render(<SearchPage />);
    await waitFor(() => expect(screen.getByRole('combobox').getAttribute('aria-busy')).toBe('false'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['.hbar']);
  });
});
