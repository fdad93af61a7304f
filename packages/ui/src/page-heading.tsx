import type { ReactNode } from 'react';

type PageHeadingProps = {
  title: string;
  tagline?: string;
  children?: ReactNode;
};

/** The title block every page starts with. */
export function PageHeading({ title, tagline, children }: PageHeadingProps) {
  return (
    <header className="page-heading">
      <h1>{title}</h1>
      {tagline ? <p className="page-heading__tagline">{tagline}</p> : null}
      {children}
    </header>
  );
}
