/**
 * Hedera Domains names for wallets and dApps: a name to the account holding it and back, in batches,
 * and `verify`, which checks the registry's answer on a Hedera mirror node so an app need not trust
 * the registry. No dependencies: `fetch` only.
 */

/** The registry's records status of a web address active for resolving (the spec's 2). */
const RECORDS_ACTIVE = 2;

/** Where a name points, as the registry answers it. */
export type Resolution = {
  name: string;
  /** The account holding the name's NFT; null before delivery and in the grace period after expiry. */
  accountId: string | null;
  /** That account's EVM address (its long-zero form). */
  evmAddress: string | null;
  /** Whether that account is shown by this name (its primary name): check it before showing a name for an address. */
  isPrimaryName: boolean;
  expiresAt: string;
  /** The name's NFT: its collection and serial number, null until minted. */
  tokenId: string | null;
  serialNo: number | null;
  /** The name's web2 address record, and whether it is active (a browser may be sent there). */
  siteAddress: string | null;
  siteAddressActive: boolean;
};

export type Verification = { verified: true; accountId: string } | { verified: false; reason: string };

export type ResolverOptions = {
  /** The registry's address, e.g. `https://domains.example.com`. */
  registryUrl: string;
  /** Another fetch (tests, a proxy); the global one (as it is at each call) by default. */
  fetch?: typeof fetch;
};

/** A failure the caller cannot fix by asking again differently: a bad name (400) or the registry down. */
export class ResolverError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ResolverError';
  }
}

type RawResolution = {
  domainName: string;
  accountId: string | null;
  evmAddress: string | null;
  isPrimaryName: boolean;
  expiresAt: string;
  tokenId: string | null;
  serialNo: number | null;
  siteAddress: string | null;
  status: number;
};

const isRawResolution = (value: unknown): value is RawResolution => {
  if (typeof value !== 'object' || value === null) return false;
  const raw = value as Record<string, unknown>;
  const nullableString = (key: string) => raw[key] === null || typeof raw[key] === 'string';
  return (
    typeof raw.domainName === 'string' &&
    nullableString('accountId') &&
    nullableString('evmAddress') &&
    nullableString('tokenId') &&
    typeof raw.isPrimaryName === 'boolean' &&
    typeof raw.expiresAt === 'string' &&
    (raw.serialNo === null || typeof raw.serialNo === 'number')
  );
};

const toResolution = (raw: RawResolution): Resolution => ({
  name: raw.domainName,
  accountId: raw.accountId,
  evmAddress: raw.evmAddress,
  isPrimaryName: raw.isPrimaryName,
  expiresAt: raw.expiresAt,
  tokenId: raw.tokenId,
  serialNo: raw.serialNo,
  siteAddress: raw.siteAddress,
  siteAddressActive: raw.status === RECORDS_ACTIVE,
});

const malformed = () => new ResolverError(502, 'BAD_ANSWER', 'The registry answered something unexpected');

export function createResolver({
  registryUrl,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: ResolverOptions) {
  const base = registryUrl.replace(/\/+$/, '');

  /** The JSON of a registry answer; null for 404 (nothing registered there). */
  async function call(path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
      });
    } catch {
      throw new ResolverError(0, 'NETWORK', 'The registry could not be reached');
    }
    if (response.status === 404) return null;
    const json = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    if (response.ok && json === null) throw malformed();
    if (!response.ok)
      throw new ResolverError(
        response.status,
        json?.code ?? 'REGISTRY_ERROR',
        json?.message ?? `The registry answered ${response.status}`,
      );
    return json;
  }

  async function resolveName(name: string): Promise<Resolution | null> {
    const raw = await call(`/api/resolve/${encodeURIComponent(name.trim().toLowerCase())}`);
    if (raw === null) return null;
    if (!isRawResolution(raw)) throw malformed();
    return toResolution(raw);
  }

  /** Up to 100 names: each asked name (lowercase) with its resolution, null where none is registered. */
  async function resolveNames(names: string[]): Promise<Record<string, Resolution | null>> {
    const answer = (await call('/api/resolve', { names })) as { names?: Record<string, unknown> } | null;
    if (!answer?.names) throw malformed();
    return Object.fromEntries(
      Object.entries(answer.names).map(([name, raw]) => {
        if (raw !== null && !isRawResolution(raw)) throw malformed();
        return [name, raw === null ? null : toResolution(raw)];
      }),
    );
  }

  /** An account's primary name (the name it is shown by), null when it has none. */
  async function lookupName(accountId: string): Promise<string | null> {
    const answer = (await call(`/api/reverse/${encodeURIComponent(accountId.trim())}`)) as {
      name?: unknown;
    } | null;
    if (answer === null) return null;
    if (typeof answer.name !== 'string') throw malformed();
    return answer.name;
  }

  /** Up to 100 accounts: each asked id with its primary name, null where it has none. */
  async function lookupNames(accountIds: string[]): Promise<Record<string, string | null>> {
    const answer = (await call('/api/reverse', { accountIds })) as { names?: Record<string, unknown> } | null;
    if (
      !answer?.names ||
      Object.values(answer.names).some((name) => name !== null && typeof name !== 'string')
    )
      throw malformed();
    return answer.names as Record<string, string | null>;
  }

  /**
   * Checks the registry's answer for a name on a mirror node: the NFT it names exists and is not
   * deleted, carries this name, and is held by the account the registry says. `collections` (top-level
   * domain → token id, learned once from a source the app trusts) also pins the collection, so a
   * registry cannot point at another token that happens to carry the name.
   */
  async function verify(
    name: string,
    { mirrorNodeUrl, collections }: { mirrorNodeUrl: string; collections?: Record<string, string> },
  ): Promise<Verification> {
    const resolution = await resolveName(name);
    if (!resolution) return { verified: false, reason: `${name} is not registered` };
    if (!resolution.accountId) return { verified: false, reason: `${name} resolves to no account now` };
    if (!resolution.tokenId || resolution.serialNo === null)
      return { verified: false, reason: `${name} has no NFT yet` };
    const tld = resolution.name.slice(resolution.name.lastIndexOf('.') + 1);
    if (collections && collections[tld] !== resolution.tokenId)
      return { verified: false, reason: `${resolution.tokenId} is not the .${tld} collection` };
    let nft: { account_id?: string | null; deleted?: boolean; metadata?: string } | null;
    try {
      const response = await fetchImpl(
        `${mirrorNodeUrl.replace(/\/+$/, '')}/api/v1/tokens/${resolution.tokenId}/nfts/${resolution.serialNo}`,
        { credentials: 'omit' },
      );
      nft = response.status === 404 ? null : response.ok ? await response.json() : null;
      if (!response.ok && response.status !== 404)
        throw new ResolverError(
          response.status,
          'MIRROR_ERROR',
          `The mirror node answered ${response.status}`,
        );
    } catch (error) {
      if (error instanceof ResolverError) throw error;
      throw new ResolverError(0, 'NETWORK', 'The mirror node could not be reached');
    }
    if (!nft || nft.deleted) return { verified: false, reason: 'the mirror node knows no such NFT' };
    if (decodeBase64(nft.metadata ?? '') !== resolution.name)
      return { verified: false, reason: `that NFT does not carry ${resolution.name}` };
    if (nft.account_id !== resolution.accountId)
      return {
        verified: false,
        reason: `the NFT is held by ${nft.account_id ?? 'nobody'}, not ${resolution.accountId}`,
      };
    return { verified: true, accountId: resolution.accountId };
  }

  return { resolveName, resolveNames, lookupName, lookupNames, verify };
}

export type Resolver = ReturnType<typeof createResolver>;

/** Whom a payment or a transfer goes to: an account, and the name it was asked by (if any). */
export type Recipient = {
  accountId: string;
  /** The name typed, when one was: show "name → account" before anything is signed. */
  name: string | null;
  /** The account is shown by this very name (its primary name). */
  isPrimaryName: boolean;
};

export type RecipientAnswer =
  | { ok: true; recipient: Recipient }
  | { ok: false; reason: 'malformed' | 'unregistered' | 'unheld' | 'self'; message: string };

const ACCOUNT_ID = /^\d+\.\d+\.\d+$/;

/**
 * What a sender typed (a name or an account id) as the account to pay or send to, or why it cannot
 * be: not a name nor an account, a name nobody registered or that was released, a name that points
 * to no account now (before delivery, in its grace period), or the sender's own account.
 */
export async function findRecipient(
  resolver: Pick<Resolver, 'resolveName'>,
  typed: string,
  { sender }: { sender: string | null },
): Promise<RecipientAnswer> {
  const input = typed.trim().toLowerCase();
  const self = (): RecipientAnswer => ({
    ok: false,
    reason: 'self',
    message: 'That is your own account: choose someone else',
  });
  if (ACCOUNT_ID.test(input)) {
    if (input === sender) return self();
    return { ok: true, recipient: { accountId: input, name: null, isPrimaryName: false } };
  }
  const malformed: RecipientAnswer = {
    ok: false,
    reason: 'malformed',
    message: 'Enter a name such as alice.hbar or an account id such as 0.0.1234',
  };
  if (!input.includes('.')) return malformed;
  let resolution: Resolution | null;
  try {
    resolution = await resolver.resolveName(input);
  } catch (error) {
    if (error instanceof ResolverError && error.status === 400) return malformed;
    throw error;
  }
  if (!resolution)
    return {
      ok: false,
      reason: 'unregistered',
      message: `${input} is not registered to anyone: it points to no account`,
    };
  if (!resolution.accountId) {
    const expired = Date.parse(resolution.expiresAt) <= Date.now();
    return {
      ok: false,
      reason: 'unheld',
      message: expired
        ? `${resolution.name} has expired: it points to no account until it is renewed`
        : `${resolution.name} is not delivered yet: it points to no account`,
    };
  }
  if (resolution.accountId === sender) return self();
  return {
    ok: true,
    recipient: {
      accountId: resolution.accountId,
      name: resolution.name,
      isPrimaryName: resolution.isPrimaryName,
    },
  };
}

/** UTF-8 text of base64 (the NFT's metadata), in browsers and Node alike. */
function decodeBase64(value: string): string {
  try {
    const binary = atob(value);
    return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}
