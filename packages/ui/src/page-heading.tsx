import type { ReactNode } from 'react';
import { AppLink } from './app-link';

type PageHeadingProps = {
  title: string;
  tagline?: string;
  /** The link back to the page this one is reached from. */
  back?: { to: string; label: string };
  children?: ReactNode;
};

/** The title block every page starts with. */
export function PageHeading({ title, tagline, back, children }: PageHeadingProps) {
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {tagline ? <p className="page-heading__tagline">{tagline}</p> : null}
      {back ? (
        <AppLink className="page-heading__back" to={back.to}>
          {back.label}
        </AppLink>
      ) : null}
      {children}
    </header>
  );
}
