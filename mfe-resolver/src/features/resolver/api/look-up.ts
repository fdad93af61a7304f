import { createResolver } from '@registry/resolver';
import { resolveName } from './resolve-name';

/** This server's own registry (the page is served by it). */
const resolver = createResolver({ registryUrl: '' });

/** Looks a typed name (or account id) up on this server's registry: where to go, or what to say. */
export const lookUp = (name: string) => resolveName(name, resolver);
