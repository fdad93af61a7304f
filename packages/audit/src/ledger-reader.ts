import {
  applyJournalMessage,
  emptyJournalState,
  JOURNAL_PROTOCOL,
  parseJournalMessage,
  type JournalState,
} from '@registry/contracts/journal';

export type Fetch = typeof fetch;

/** An error reading the registry or the mirror node (not a difference: the audit could not run). */
export class AuditReadError extends Error {}

export async function getJson<T>(fetchImpl: Fetch, url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch (error) {
    throw new AuditReadError(`${url}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw new AuditReadError(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** Every page of a mirror list, following `links.next` (paths from the mirror's own root). */
async function* pages<T>(fetchImpl: Fetch, mirror: string, firstPath: string, key: string) {
  let path: string | null = firstPath;
  while (path) {
    const page: Record<string, unknown> & { links?: { next?: string | null } } = await getJson(
      fetchImpl,
      `${mirror}${path}`,
    );
    yield (page[key] ?? []) as T[];
    path = page.links?.next ?? null;
  }
}

type TopicMessage = { sequence_number: number; message: string; consensus_timestamp: string };

/** The journal read whole from the mirror node, applied in sequence order. */
export async function readJournal(
  fetchImpl: Fetch,
  mirror: string,
  topicId: string,
): Promise<JournalState & { foreign: number; memo: string | null }> {
  const topic = await getJson<{ memo?: string }>(fetchImpl, `${mirror}/api/v1/topics/${topicId}`);
  const state = emptyJournalState();
  let foreign = 0;
  for await (const messages of pages<TopicMessage>(
    fetchImpl,
    mirror,
    `/api/v1/topics/${topicId}/messages?limit=100&order=asc`,
    'messages',
  )) {
    for (const item of messages) {
      const message = parseJournalMessage(Buffer.from(item.message, 'base64').toString('utf8'));
      if (!message) {
        foreign += 1;
        continue;
      }
      applyJournalMessage(state, message, item.sequence_number);
    }
  }
  return {
    ...state,
    foreign,
    memo: topic.memo?.startsWith(JOURNAL_PROTOCOL) ? topic.memo : (topic.memo ?? null),
  };
}

export type CollectionNft = {
  tokenId: string;
  serial: number;
  name: string | null;
  holder: string | null;
  deleted: boolean;
};

/** Every NFT of a collection (the name each was minted for is its metadata). */
export async function readCollection(
  fetchImpl: Fetch,
  mirror: string,
  tokenId: string,
): Promise<CollectionNft[]> {
  const all: CollectionNft[] = [];
  type Nft = { serial_number: number; metadata?: string; account_id: string | null; deleted?: boolean };
  for await (const nfts of pages<Nft>(
    fetchImpl,
    mirror,
    `/api/v1/tokens/${tokenId}/nfts?limit=100&order=asc`,
    'nfts',
  ))
    for (const nft of nfts)
      all.push({
        tokenId,
        serial: nft.serial_number,
        name: nft.metadata ? Buffer.from(nft.metadata, 'base64').toString('utf8') : null,
        holder: nft.account_id,
        deleted: nft.deleted === true,
      });
  return all;
}
