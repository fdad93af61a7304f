import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

type MenuProps = {
  /** The button that opens the menu. */
  trigger: ReactNode;
  /** Called when the menu opens or closes (e.g. to read the balance when it opens). */
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
  label?: string;
};

/** A dropdown menu: arrow keys move between items, Escape closes, focus returns to the trigger. */
export function Menu({ trigger, onOpenChange, children, label }: MenuProps) {
  return (
    // Not modal: the page stays readable around a small menu (and axe finds no hidden focusable content).
    <DropdownMenu.Root modal={false} {...(onOpenChange ? { onOpenChange } : {})}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="ui-menu"
          align="end"
          sideOffset={6}
          {...(label ? { 'aria-label': label } : {})}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** One entry: a button-like item, or a link when `asChild` wraps one. */
export function MenuItem({
  children,
  onSelect,
  asChild,
}: {
  children: ReactNode;
  onSelect?: () => void;
  asChild?: boolean;
}) {
  return (
    <DropdownMenu.Item
      className="ui-menu__item"
      {...(onSelect ? { onSelect } : {})}
      {...(asChild ? { asChild } : {})}
    >
      {children}
    </DropdownMenu.Item>
  );
}

/** Text shown in the menu that is not an action (the balance, say). */
export function MenuNote({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <DropdownMenu.Label className="ui-menu__note" {...(testId ? { 'data-testid': testId } : {})}>
      {children}
    </DropdownMenu.Label>
  );
}
