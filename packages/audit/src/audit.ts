import { createHash } from 'node:crypto';
import type { JournaledName } from '@registry/contracts/journal';
import type { JournalInfo } from '@registry/contracts/journal';
import { defaultSiteAddress, RECORD_FIELDS, type ResolveResponse } from '@registry/contracts/records';
import { getJson, readCollection, readJournal, type CollectionNft, type Fetch } from './ledger-reader';

/** One way the registry's answer differs from what the ledger holds. */
export type Difference = {
  name: string;
  kind:
    | 'missing'
    | 'unjournaled'
    | 'expiry'
    | 'holder'
    | 'nft'
    | 'nfts'
    | 'record'
    | 'record-status'
    | 'primary-name';
  registry: string;
  ledger: string;
};

export type AuditReport = {
  topicId: string;
  collections: string[];
  messages: number;
  names: number;
  nfts: number;
  differences: Difference[];
};

type Options = {
  /** The registry's origin, e.g. https://domains.example. */
  registry: string;
  /** A mirror node's origin (its paths start at /api/v1); by default the one the registry names. */
  mirror?: string;
  fetch?: Fetch;
  now?: () => Date;
  /** Names whose holder differs are read again after this pause (the registry follows transfers). */
  settleMs?: number;
};

const RESOLVE_BATCH = 100;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const same = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

async function resolveAll(fetchImpl: Fetch, registry: string, names: string[]) {
  const answers = new Map<string, ResolveResponse | null>();
  for (let start = 0; start < names.length; start += RESOLVE_BATCH) {
    const batch = names.slice(start, start + RESOLVE_BATCH);
    const page = await getJson<{ names: Record<string, ResolveResponse | null> }>(
      fetchImpl,
      `${registry}/api/resolve`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ names: batch }),
      },
    );
    for (const name of batch) answers.set(name, page.names[name] ?? null);
  }
  return answers;
}

/**
 * Compares a registry's public API with the ledger: its journal (every change it made public) and its
 * collections (every NFT it minted, and who holds each now).
 */
export async function auditRegistry(options: Options): Promise<AuditReport> {
  const fetchImpl = options.fetch ?? fetch;
  const registry = options.registry.replace(/\/$/, '');
  const now = (options.now ?? (() => new Date()))();
  const info = await getJson<JournalInfo>(fetchImpl, `${registry}/api/journal`);
  const ledgerInfo = await getJson<{ mirrorNodeUrl: string; treasuryAccountId: string }>(
    fetchImpl,
    `${registry}/api/ledger-info`,
  );
  const mirror = (options.mirror ?? new URL(ledgerInfo.mirrorNodeUrl, `${registry}/`).href).replace(
    /\/$/,
    '',
  );
  if (!info.topicId) throw new Error('the registry has no journal topic yet');
  const journal = await readJournal(fetchImpl, mirror, info.topicId);
  const nfts = (
    await Promise.all(info.collections.map((token) => readCollection(fetchImpl, mirror, token)))
  ).flat();
  const live = new Map<string, CollectionNft[]>();
  for (const nft of nfts)
    if (!nft.deleted && nft.name) live.set(nft.name, [...(live.get(nft.name) ?? []), nft]);

  const differences: Difference[] = [];
  const names = [...new Set([...journal.names.keys(), ...live.keys()])].sort();
  let answers = await resolveAll(fetchImpl, registry, names);

  const expected = (entry: JournaledName) => {
    const nft =
      entry.token === null ? null : (live.get(entry.name) ?? []).find((each) => each.serial === entry.serial);
    const expired = Date.parse(entry.expires) <= now.getTime();
    const holder = nft && nft.holder !== ledgerInfo.treasuryAccountId && !expired ? nft.holder : null;
    return { nft, expired, holder };
  };

  const check = (name: string, answer: ResolveResponse | null): Difference[] => {
    const found: Difference[] = [];
    const add = (kind: Difference['kind'], registryValue: unknown, ledgerValue: unknown) =>
      found.push({ name, kind, registry: String(registryValue), ledger: String(ledgerValue) });
    const entry = journal.names.get(name);
    const liveNfts = live.get(name) ?? [];
    if (liveNfts.length > 1)
      add(
        'nfts',
        answer ? `${answer.tokenId}#${answer.serialNo}` : 'none',
        liveNfts.map((nft) => `${nft.tokenId}#${nft.serial}`).join(', '),
      );
    if (!entry || entry.burned) {
      if (answer)
        add('unjournaled', `registered until ${answer.expiresAt}`, 'no registration in the journal');
      return found;
    }
    const { expired, holder } = expected(entry);
    if (!answer) {
      // After expiry the registry may release the name at the end of its grace period.
      if (!expired) add('missing', 'not registered', `registered to ${entry.holder} until ${entry.expires}`);
      return found;
    }
    if (!same(answer.expiresAt, entry.expires)) add('expiry', answer.expiresAt, entry.expires);
    if (answer.tokenId !== entry.token || answer.serialNo !== entry.serial)
      add('nft', `${answer.tokenId}#${answer.serialNo}`, `${entry.token}#${entry.serial}`);
    if (answer.accountId !== holder) add('holder', answer.accountId, holder);
    const values: Record<string, string | null> = { siteAddress: answer.siteAddress, ...answer.assetsMap };
    for (const field of RECORD_FIELDS) {
      const journaled = entry.records[field];
      const shown = values[field] ?? null;
      const matches = journaled
        ? 'value' in journaled
          ? shown === journaled.value
          : shown !== null && sha256(shown) === journaled.sha256
        : shown === (field === 'siteAddress' ? defaultSiteAddress(name) : null);
      if (!matches)
        add(
          'record',
          `${field} = ${shown}`,
          `${field} = ${journaled ? ('value' in journaled ? journaled.value : `sha256 ${journaled.sha256}`) : 'unset'}`,
        );
    }
    if (answer.statusSiteAddress !== entry.statusSiteAddress || answer.statusAssets !== entry.statusAssets)
      add(
        'record-status',
        `site ${answer.statusSiteAddress}, assets ${answer.statusAssets}`,
        `site ${entry.statusSiteAddress}, assets ${entry.statusAssets}`,
      );
    if (holder !== null) {
      const primary = journal.primaryNames.get(holder) === name;
      if (answer.isPrimaryName !== primary)
        add('primary-name', `${answer.isPrimaryName} for ${holder}`, `${primary} for ${holder}`);
    }
    return found;
  };

  const unsettled = names.filter((name) => check(name, answers.get(name) ?? null).length > 0);
  // The registry follows a transfer within its watcher's round: what differs is read once more.
  if (unsettled.length > 0 && (options.settleMs ?? 0) > 0) {
    await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    answers = new Map([...answers, ...(await resolveAll(fetchImpl, registry, unsettled))]);
  }
  for (const name of unsettled) differences.push(...check(name, answers.get(name) ?? null));
  return {
    topicId: info.topicId,
    collections: info.collections,
    messages: journal.lastSequenceNumber,
    names: journal.names.size,
    nfts: nfts.length,
    differences,
  };
}
