import type { HTMLAttributes } from 'react';

/** A surface grouping related content. */
export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`ui-card${className ? ` ${className}` : ''}`} {...props} />;
}
