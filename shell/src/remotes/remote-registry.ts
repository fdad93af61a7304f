import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { EXPOSED_PAGES_MODULE, RemotesManifestSchema, type RemoteName } from '@registry/contracts/remotes';
import type { ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';

/** What a remote's `./pages` module exports. */
export type RemotePagesModule = { pages: Record<string, ComponentType<PageProps>> };

type RemoteEntries = Map<RemoteName, string>;

let registration: Promise<RemoteEntries> | undefined;

/** Reads `/remotes.json` once per page load and registers every remote it names. */
async function fetchAndRegister(): Promise<RemoteEntries> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  const manifest = RemotesManifestSchema.parse(await response.json());
  const entries: RemoteEntries = new Map(
    manifest.remotes.map(({ name, entry }) => [name, new URL(entry, window.location.href).href]),
  );
  registerRemotes([...entries].map(([name, entry]) => ({ name, entry })));
  return entries;
}

function remoteEntries(): Promise<RemoteEntries> {
  registration ??= fetchAndRegister().catch((error: unknown) => {
    registration = undefined; // let a Retry fetch the list again
    throw error;
  });
  return registration;
}

/**
 * Loads one page component of a remote. `fresh` drops what the federation runtime cached for that
 * remote, so a Retry after a failed download really fetches again.
 */
export async function loadRemotePage(
  remote: RemoteName,
  page: string,
  fresh: boolean,
): Promise<ComponentType<PageProps>> {
  const entries = await remoteEntries();
  const entry = entries.get(remote);
  if (!entry) throw new Error(`No address is configured for the ${remote} remote`);
  if (fresh) registerRemotes([{ name: remote, entry }], { force: true });
  const module = await loadRemote<RemotePagesModule>(`${remote}/${EXPOSED_PAGES_MODULE.slice(2)}`);
  const component = module?.pages[page];
  if (!component) throw new Error(`The ${remote} remote has no page "${page}"`);
  return component;
}
