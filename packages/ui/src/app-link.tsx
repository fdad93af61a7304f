import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { bus } from '@registry/bus';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link to another page of the app: a plain click asks the shell to navigate (no reload); a click
 * with a modifier key, or a middle click, opens it as the browser would.
 */
export function AppLink({ to, onClick, ...props }: AppLinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    bus.emit('navigate', { to });
  };
  return <a href={to} onClick={follow} {...props} />;
}
