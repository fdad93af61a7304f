import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  BUILD_INFO_FILE,
  buildSkew,
  EXPOSED_PAGES_MODULE,
  REMOTES_LIST_ELEMENT,
  type RemoteName,
} from '@registry/contracts/remotes';
import { answerChecks } from '@registry/contracts/answer-checks';
import type { BuildInfo, RemoteEntry, RemotesManifest } from '@registry/contracts/remote-list';
import type { ComponentType } from 'react';
import type { PageProps } from '@registry/contracts/routes';
import { countRemote, remoteTried } from './remote-health';

/** What a remote's `./pages` module exports. */
export type RemotePagesModule = { pages: Record<string, ComponentType<PageProps>> };

/** A remote built against another major of the contracts or the bus: it is not run in this shell. */
export class RemoteSkewError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

type Registration = { entries: Map<RemoteName, RemoteEntry>; readAt: number };
let registration: Promise<Registration> | undefined;
/** Errors already counted as a failure to load (the error boundary that shows them counts nothing more). */
export const loadFailures = new WeakSet<object>();

/** Remotes whose code runs on this page: they keep the version they loaded until the next page load. */
const loaded = new Set<RemoteName>();

/** Entry addresses with the digest their release recorded. */
const integrityOf = new Map<string, string>();

// A released entry is loaded with its digest: the browser refuses it if its bytes changed (on a CDN too).
registerPlugins([
  {
    name: 'remote-entry-integrity',
    createScript({ url, attrs }) {
      const integrity = integrityOf.get(url);
      if (integrity && attrs) Object.assign(attrs, { integrity, crossorigin: 'anonymous' });
    },
  },
]);

/** The list the server wrote into this page (as `/remotes.json` would answer), read once. */
function listInPage(): unknown {
  const element = document.getElementById(REMOTES_LIST_ELEMENT);
  if (!element?.textContent) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads `/remotes.json`, revalidated with its ETag. */
async function fetchList(): Promise<unknown> {
  const response = await fetch('/remotes.json', { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return response.json();
}

/** The list checked against its contract: a list of another shape loads nothing. */
async function checkedList(list: unknown): Promise<RemotesManifest> {
  const checked = await answerChecks.remotesList['~standard'].validate(list);
  if (checked.issues) throw new Error(checked.issues[0]?.message ?? 'The remotes list is not valid');
  return checked.value;
}

/** Registers every remote not running yet, from the page's own list first, then `/remotes.json`. */
async function fetchAndRegister(): Promise<Registration> {
  const list = await checkedList(listInPage() ?? (await fetchList()));
  const entries = new Map(
    list.remotes.map((remote) => {
      const entry = new URL(remote.entry, location.href).href;
      if (remote.integrity) integrityOf.set(entry, remote.integrity);
      return [remote.name, { ...remote, entry }];
    }),
  );
  registerRemotes(
    [...entries.values()].filter(({ name }) => !loaded.has(name)),
    { force: true },
  );
  return { entries, readAt: Date.now() };
}

/** The list as read on this page; read again for a Retry, or when a remote not running yet needs it after 10 s. */
async function remoteEntries(remote: RemoteName, fresh: boolean) {
  const known = await registration?.catch(() => undefined);
  if (!known || fresh || (!loaded.has(remote) && Date.now() - known.readAt > 10_000)) {
    registration = fetchAndRegister();
  }
  return (await registration!).entries;
}

/** What the build states: from the list, else from the file beside its manifest (none: nothing to compare). */
async function buildOf({ entry, build }: RemoteEntry): Promise<BuildInfo | undefined> {
  if (build) return build;
  const response = await fetch(new URL(BUILD_INFO_FILE, entry), { cache: 'no-cache' }).catch(() => null);
  return response?.ok ? ((await response.json()) as BuildInfo) : undefined;
}

/**
 * Loads one page component of a remote. `fresh` reads the list again and drops what the federation
 * runtime cached for that remote, so a Retry really fetches again. A remote not running on this page
 * yet takes the live release; one built for another major of the contracts or bus is refused.
 */
export async function loadRemotePage(
  remote: RemoteName,
  page: string,
  fresh: boolean,
): Promise<ComponentType<PageProps>> {
  const found = (await remoteEntries(remote, fresh)).get(remote);
  if (!found) throw new Error(`No address is configured for the ${remote} remote`);
  const first = !loaded.has(remote);
  const failed = (error: unknown) => {
    countRemote(remote, 'load-failure');
    if (error instanceof Object) loadFailures.add(error);
    return error;
  };
  if (first) {
    remoteTried(remote, found.entry, found.version);
    const build = await buildOf(found);
    const skew = build && buildSkew(build);
    if (skew) {
      console.error(`Refused the ${remote} remote at ${found.entry}: ${skew}`);
      throw failed(new RemoteSkewError(skew));
    }
    // From here it counts as running: a later read of the list leaves its registration alone.
    loaded.add(remote);
  }
  const module = await loadRemote<RemotePagesModule>(`${remote}/${EXPOSED_PAGES_MODULE.slice(2)}`).catch(
    (error: unknown) => {
      if (first) loaded.delete(remote);
      throw failed(error);
    },
  );
  const component = module?.pages[page];
  if (!component) throw new Error(`The ${remote} remote has no page "${page}"`);
  return component;
}
