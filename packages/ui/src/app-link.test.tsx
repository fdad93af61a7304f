// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bus } from '@registry/bus';
import { AppLink } from './app-link';

afterEach(cleanup);

describe('AppLink', () => {
  it('asks the shell to navigate on a plain click, and leaves modified clicks to the browser', () => {
    const asked: string[] = [];
    const off = bus.on('navigate', ({ to }) => asked.push(to));
    render(<AppLink to="/gui/cart">Cart</AppLink>);
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(link.getAttribute('href')).toBe('/gui/cart');
    expect(fireEvent.click(link)).toBe(false);
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    off();
    expect(asked).toEqual(['/gui/cart']);
  });
});
