import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FramePart, lazyPart } from './frame-part';

afterEach(cleanup);

/** A chunk as webpack loads it: fails `failures` times (a dropped connection), then arrives; a retry waits a second. */
function flakyChunk(failures: number) {
  const calls = { count: 0 };
  const load = async () => {
    calls.count += 1;
    if (calls.count <= failures) throw new Error(`Loading chunk 7520 failed. (error: /remotes/7520.js)`);
    return ({ label }: { label: string }) => <p>{label}</p>;
  };
  return { load, calls };
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <div>
      <h1>Search</h1>
      {children}
    </div>
  );
}

describe('a frame part loaded on first use', () => {
  it('asks once more for a chunk that failed, and shows the part', async () => {
    const chunk = flakyChunk(1);
    const Note = lazyPart(chunk.load);
    render(
      <Page>
        <FramePart>
          <Note label="Your cart has a domain" />
        </FramePart>
      </Page>,
    );
    expect(await screen.findByText('Your cart has a domain', {}, { timeout: 3000 })).toBeTruthy();
    expect(chunk.calls.count).toBe(2);
  });

  it('keeps the page when the chunk cannot be had, and says so with a way to reload', async () => {
    const quietError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chunk = flakyChunk(Infinity);
    const Dialog = lazyPart(chunk.load);
    render(
      <Page>
        <FramePart>
          <Dialog label="Connect" />
        </FramePart>
      </Page>,
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toBe('Could not load. Check your connection and reload');
    expect(screen.getByRole('button', { name: 'reload' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Search' })).toBeTruthy();
    expect(chunk.calls.count).toBe(2);
    quietError.mockRestore();
  });

  it('leaves nothing behind for a part the page does without', async () => {
    const quietError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Banner = lazyPart(flakyChunk(Infinity).load);
    const { container } = render(
      <Page>
        <FramePart quiet>
          <Banner label="Get the extension" />
        </FramePart>
      </Page>,
    );
    await vi.waitFor(() => expect(quietError).toHaveBeenCalled(), { timeout: 3000 });
    expect(container.innerHTML).toBe('<div><h1>Search</h1></div>');
    quietError.mockRestore();
  });
});
