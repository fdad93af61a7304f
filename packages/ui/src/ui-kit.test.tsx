import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bus } from '@registry/bus';
import { COPIED_MESSAGE_MS, CopyButton } from './copy-button';
import { Modal } from './modal';
import { pageCount, pageItems, Pagination } from './pagination';
import { Stepper } from './stepper';
import { Toaster } from './toaster';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('UI kit', () => {
  it('Stepper marks the current stage and reads each state out', () => {
    render(
      <Stepper
        label="Payment"
        steps={[
          { label: 'Payment has been done', state: 'done' },
          { label: 'Wait for minting is on progress', state: 'current' },
          { label: 'Completed', state: 'todo' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Payment' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Payment has been done (done)',
      'Wait for minting is on progress (in progress)',
      'Completed (not started)',
    ]);
    expect(items[1]!.getAttribute('aria-current')).toBe('step');
  });

  it('Pagination pages through 10 at a time', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(pageItems([...Array(21).keys()], 2, 10)).toEqual([20]);
    const onPageChange = vi.fn();
    render(<Pagination page={0} total={21} pageSize={10} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
  });

  it("CopyButton copies and says 'Copied to clipboard.' for 0.5 s", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(<CopyButton value="0.0.1234" label="Copy the registrant" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the registrant' }));
    });
    expect(writeText).toHaveBeenCalledWith('0.0.1234');
    expect(screen.getByRole('status').textContent).toBe('Copied to clipboard.');
    await act(async () => {
      vi.advanceTimersByTime(COPIED_MESSAGE_MS);
    });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('Modal is a labelled dialog that Escape closes', () => {
    const onOpenChange = vi.fn();
    render(
      <Modal open onOpenChange={onOpenChange} title="Connect Wallet">
        <button type="button">Local Wallet</button>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Toaster shows bus toasts, as text, including ones raised before it mounted', async () => {
    const pending = [{ kind: 'error' as const, message: 'Special characters are not allowed' }];
    render(<Toaster pending={pending} />);
    await act(async () => {
      bus.emit('toast', { kind: 'info', message: '<b>not markup</b>' });
    });
    expect(await screen.findByText('Special characters are not allowed')).toBeTruthy();
    expect(await screen.findByText('<b>not markup</b>')).toBeTruthy();
    expect(document.querySelector('b')).toBeNull();
  });
});
