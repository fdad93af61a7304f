import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mountStandalone } from './mount-standalone';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

describe('a remote mounted alone', () => {
  it('serves its pages at the paths the route manifest gives them in the shell', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.pushState({}, '', '/gui/domains/web3/blade');
    mountStandalone('search', {
      search: () => <h1>Search page</h1>,
      claim: () => <h1>Claim page</h1>,
    });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'Search page',
    );
  });

  it('sends a page that needs query parameters home without them', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.pushState({}, '', '/index.html?t=ev');
    mountStandalone('profile', { 'email-verification': () => <h1>Email verification</h1> });
    await waitFor(() => expect(window.location.pathname).toBe('/'), { timeout: 5000 });
    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).textContent).toBe(
      'profile pages',
    );
  });
});
