import type { ComponentType } from 'react';
import { ResolverPage } from './features/resolver/resolver-page';

/** The pages this remote gives the shell, keyed by the page ids of the shell's route table. */
export const pages: Record<string, ComponentType> = {
  resolver: ResolverPage,
};
