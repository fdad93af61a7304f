import { z } from 'zod';
import { cachedValue } from '../cache/cached-value';
import type { AccountKey, LedgerNft, LedgerReader } from '@registry/hedera-node/ledger-port';
import { LedgerUnavailableError } from '@registry/hedera-node/ledger-port';

/** An error answer of the mirror node, with its `_status.messages`. */
export class MirrorError extends Error {
  constructor(
    readonly status: number,
    readonly messages: string[],
  ) {
    super(`mirror node answered ${status}: ${messages.join('; ') || 'no message'}`);
    this.name = 'MirrorError';
  }
}

const ErrorBodySchema = z.object({
  _status: z.object({ messages: z.array(z.object({ message: z.string() })) }),
});
const LinksSchema = z.object({ next: z.string().nullable().optional() });
const KeySchema = z.object({ _type: z.string(), key: z.string() }).nullable();

const AccountSchema = z.object({
  account: z.string(),
  evm_address: z.string().nullish(),
  key: KeySchema,
  balance: z.object({
    balance: z.number().nullable(),
    tokens: z.array(z.object({ token_id: z.string(), balance: z.number() })),
  }),
});
const TokenRelationshipsSchema = z.object({
  tokens: z.array(z.object({ token_id: z.string(), balance: z.number() })),
  links: LinksSchema,
});
const NftSchema = z.object({
  account_id: z.string().nullable(),
  serial_number: z.number(),
  token_id: z.string(),
  metadata: z.string().optional(),
  /** A burned or wiped NFT stays listed as deleted, held by nobody. */
  deleted: z.boolean().optional(),
});
export type MirrorNft = z.infer<typeof NftSchema>;

/** The name an NFT of the registry was minted for: its metadata, as the registry writes it (UTF-8). */
export const nftName = (nft: Pick<MirrorNft, 'metadata'>) =>
  nft.metadata ? Buffer.from(nft.metadata, 'base64').toString('utf8') : null;
const NftsSchema = z.object({ nfts: z.array(NftSchema), links: LinksSchema });
const TransactionSchema = z.object({
  transaction_id: z.string(),
  consensus_timestamp: z.string(),
  result: z.string(),
  name: z.string(),
  nonce: z.number(),
  scheduled: z.boolean(),
  memo_base64: z.string().nullable(),
  charged_tx_fee: z.number(),
  transfers: z.array(z.object({ account: z.string(), amount: z.number() })),
  nft_transfers: z
    .array(
      z.object({
        receiver_account_id: z.string().nullable(),
        sender_account_id: z.string().nullable(),
        serial_number: z.number(),
        token_id: z.string(),
      }),
    )
    .optional(),
  entity_id: z.string().nullable().optional(),
  /** Staking rewards paid out with the transaction (they show in `transfers` too). */
  staking_reward_transfers: z.array(z.object({ account: z.string(), amount: z.number() })).optional(),
});
export type MirrorTransaction = z.infer<typeof TransactionSchema>;
const TransactionsSchema = z.object({ transactions: z.array(TransactionSchema) });
const TransactionPageSchema = z.object({ transactions: z.array(TransactionSchema), links: LinksSchema });

/** One page of a list and the path of the next one (null on the last page). */
export type MirrorPage<T> = { items: T[]; next: string | null };
const RateSchema = z.object({
  cent_equivalent: z.number(),
  hbar_equivalent: z.number(),
  expiration_time: z.number(),
});
const ExchangeRateSchema = z.object({
  current_rate: RateSchema,
  next_rate: RateSchema.optional(),
  timestamp: z.string(),
});

export type MirrorAccount = z.infer<typeof AccountSchema>;

const TopicMessageSchema = z.object({
  consensus_timestamp: z.string(),
  /** Base64 of the message's bytes. */
  message: z.string(),
  payer_account_id: z.string().nullable().optional(),
  sequence_number: z.number(),
  running_hash: z.string().optional(),
  chunk_info: z.object({ number: z.number(), total: z.number() }).passthrough().nullable().optional(),
});
export type MirrorTopicMessage = z.infer<typeof TopicMessageSchema>;
const TopicMessagesSchema = z.object({ messages: z.array(TopicMessageSchema), links: LinksSchema });

/**
 * One typed client of the mirror node REST API, the same for the real network and the local ledger.
 * `baseUrl` is the node's origin (plus any prefix); paths start at `/api/v1`.
 */
export class MirrorReader {
  constructor(
    private readonly baseUrl: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private async get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | null> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
        headers: { accept: 'application/json' },
      });
    } catch {
      throw new LedgerUnavailableError();
    }
    if (response.status === 404) return null;
    if (response.status >= 500) throw new LedgerUnavailableError();
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = ErrorBodySchema.safeParse(body);
      throw new MirrorError(
        response.status,
        parsed.success ? parsed.data._status.messages.map((item) => item.message) : [],
      );
    }
    return schema.parse(body);
  }

  /** Follows `links.next` until the last page. */
  private async getAll<T, S extends z.ZodType<{ links: { next?: string | null } }>>(
    firstPath: string,
    schema: S,
    items: (page: z.infer<S>) => T[],
  ): Promise<T[] | null> {
    const collected: T[] = [];
    let path: string | null = firstPath;
    while (path) {
      const page: z.infer<S> | null = await this.get(path, schema);
      if (!page) return collected.length ? collected : null;
      collected.push(...items(page));
      path = page.links.next ?? null;
    }
    return collected;
  }

  getAccount(accountId: string) {
    return this.get(`/api/v1/accounts/${encodeURIComponent(accountId)}?limit=1`, AccountSchema);
  }

  async listAccountTokens(accountId: string, tokenId?: string) {
    const query = new URLSearchParams({ limit: '100', ...(tokenId ? { 'token.id': tokenId } : {}) });
    return (
      (await this.getAll(
        `/api/v1/accounts/${encodeURIComponent(accountId)}/tokens?${query}`,
        TokenRelationshipsSchema,
        (page) => page.tokens,
      )) ?? []
    );
  }

  async listAccountNfts(accountId: string, tokenId?: string) {
    const query = new URLSearchParams({ limit: '100', ...(tokenId ? { 'token.id': tokenId } : {}) });
    return (
      (await this.getAll(
        `/api/v1/accounts/${encodeURIComponent(accountId)}/nfts?${query}`,
        NftsSchema,
        (page) => page.nfts,
      )) ?? []
    );
  }

  /** The transaction with nonce 0 that was not scheduled, i.e. the one the payer submitted. */
  async getTransaction(transactionId: string): Promise<MirrorTransaction | null> {
    const answer = await this.get(
      `/api/v1/transactions/${encodeURIComponent(transactionId)}?nonce=0&scheduled=false`,
      TransactionsSchema,
    );
    return answer?.transactions.find((item) => item.nonce === 0 && !item.scheduled) ?? null;
  }

  /**
   * One page of the transactions an account took part in after `afterTimestamp`, oldest first; pass
   * the answer's `next` to read on. The ledger watcher's feed of the treasury's payments.
   */
  async transactionsPage(
    from: { accountId: string; afterTimestamp: string; limit?: number } | { next: string },
  ): Promise<MirrorPage<MirrorTransaction>> {
    const path =
      'next' in from
        ? from.next
        : `/api/v1/transactions?${new URLSearchParams({
            'account.id': from.accountId,
            limit: String(from.limit ?? 100),
            order: 'asc',
            timestamp: `gt:${from.afterTimestamp}`,
          })}`;
    const page = await this.get(path, TransactionPageSchema);
    return { items: page?.transactions ?? [], next: page?.links.next ?? null };
  }

  /**
   * One page of the whole network's successful crypto transfers after `afterTimestamp`, in consensus
   * order, each with its NFT transfers; pass `next` to read on. Its cost follows the network's transfer
   * rate, not the number of NFTs anyone holds.
   */
  async networkTransfersPage(
    from: { afterTimestamp: string; limit?: number } | { next: string },
  ): Promise<MirrorPage<MirrorTransaction>> {
    const path =
      'next' in from
        ? from.next
        : `/api/v1/transactions?${new URLSearchParams({
            transactiontype: 'CRYPTOTRANSFER',
            result: 'success',
            limit: String(from.limit ?? 100),
            order: 'asc',
            timestamp: `gt:${from.afterTimestamp}`,
          })}`;
    const page = await this.get(path, TransactionPageSchema);
    return { items: page?.transactions ?? [], next: page?.links.next ?? null };
  }

  /** One page of a collection's NFTs after `afterSerial`, by serial; pass `next` to read on. */
  async tokenNftsPage(
    from: { tokenId: string; afterSerial: number; limit?: number } | { next: string },
  ): Promise<MirrorPage<MirrorNft>> {
    const path =
      'next' in from
        ? from.next
        : `/api/v1/tokens/${encodeURIComponent(from.tokenId)}/nfts?${new URLSearchParams({
            limit: String(from.limit ?? 100),
            order: 'asc',
            serialnumber: `gt:${from.afterSerial}`,
          })}`;
    const page = await this.get(path, NftsSchema);
    return { items: page?.nfts ?? [], next: page?.links.next ?? null };
  }

  /** One page of a topic's messages after `afterSequence`, in sequence order; pass `next` to read on. */
  async topicMessagesPage(
    from: { topicId: string; afterSequence: number; limit?: number } | { next: string },
  ): Promise<MirrorPage<MirrorTopicMessage>> {
    const path =
      'next' in from
        ? from.next
        : `/api/v1/topics/${encodeURIComponent(from.topicId)}/messages?${new URLSearchParams({
            limit: String(from.limit ?? 100),
            order: 'asc',
            sequencenumber: `gt:${from.afterSequence}`,
          })}`;
    const page = await this.get(path, TopicMessagesSchema);
    return { items: page?.messages ?? [], next: page?.links.next ?? null };
  }

  /** The message a topic received at a consensus time (a submission's record names it), or null. */
  async topicMessageAt(topicId: string, consensusTimestamp: string): Promise<MirrorTopicMessage | null> {
    const page = await this.get(
      `/api/v1/topics/${encodeURIComponent(topicId)}/messages?${new URLSearchParams({ timestamp: consensusTimestamp, limit: '1' })}`,
      TopicMessagesSchema,
    );
    return page?.messages[0] ?? null;
  }

  /** One NFT with its holder, or null when the ledger does not know it. */
  getNft(tokenId: string, serial: number): Promise<MirrorNft | null> {
    return this.get(`/api/v1/tokens/${encodeURIComponent(tokenId)}/nfts/${serial}`, NftSchema);
  }

  /** USD per HBAR = cent_equivalent / hbar_equivalent / 100. */
  async usdPerHbar(): Promise<number> {
    const answer = await this.get('/api/v1/network/exchangerate', ExchangeRateSchema);
    if (!answer) throw new LedgerUnavailableError();
    return answer.current_rate.cent_equivalent / answer.current_rate.hbar_equivalent / 100;
  }
}

/** Whether a remote mirror node answered is asked at most this often (every search asks). */
const PROBE_MAX_AGE_MS = 5000;

/** The registry's reads of the ledger, through the mirror node. */
export class MirrorLedgerReader implements LedgerReader {
  /** Whether the ledger answers: asks the mirror node, or `probe` (an in-process ledger's own state). */
  readonly isAvailable: () => Promise<boolean>;

  constructor(
    private readonly mirror: MirrorReader,
    probe?: () => Promise<boolean>,
  ) {
    this.isAvailable = probe ?? cachedValue(() => this.mirrorAnswers(), PROBE_MAX_AGE_MS);
  }

  async getAccountKey(accountId: string): Promise<AccountKey | null> {
    const account = await this.mirror.getAccount(accountId).catch((error: unknown) => {
      if (error instanceof MirrorError && error.status === 400) return null;
      throw error;
    });
    const key = account?.key;
    if (!key || (key._type !== 'ED25519' && key._type !== 'ECDSA_SECP256K1')) return null;
    return { key: key.key, type: key._type };
  }

  /**
   * The account's EVM address as the mirror node answers it: its alias when it was made from one, else
   * the long-zero form of its number; null when the ledger does not know the account.
   */
  async evmAddressOf(accountId: string): Promise<string | null> {
    const account = await this.mirror.getAccount(accountId).catch((error: unknown) => {
      if (error instanceof MirrorError && error.status === 400) return null;
      throw error;
    });
    const address = account?.evm_address?.toLowerCase();
    return address && /^0x[0-9a-f]{40}$/.test(address) ? address : null;
  }

  async listAccountNfts(accountId: string, tokenId: string): Promise<LedgerNft[]> {
    const nfts = await this.mirror.listAccountNfts(accountId, tokenId);
    return nfts
      .filter((nft) => nft.token_id === tokenId && nft.account_id === accountId)
      .map((nft) => ({ tokenId: nft.token_id, serialNumber: nft.serial_number, accountId }));
  }

  async isAssociated(accountId: string, tokenId: string): Promise<boolean> {
    const relationships = await this.mirror.listAccountTokens(accountId, tokenId).catch((error: unknown) => {
      if (error instanceof MirrorError && error.status === 400) return [];
      throw error;
    });
    return relationships.some((relationship) => relationship.token_id === tokenId);
  }

  async nftHolder(tokenId: string, serialNumber: number): Promise<string | null | undefined> {
    const nft = await this.mirror.getNft(tokenId, serialNumber);
    if (!nft) return undefined;
    return nft.deleted ? null : nft.account_id;
  }

  private async mirrorAnswers(): Promise<boolean> {
    try {
      await this.mirror.usdPerHbar();
      return true;
    } catch (error) {
      if (error instanceof LedgerUnavailableError) return false;
      throw error;
    }
  }
}
