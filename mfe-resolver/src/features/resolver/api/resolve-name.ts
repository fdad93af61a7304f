import { canonicalEntityId } from '@registry/contracts/account';
import { ResolverError, type Resolver } from '@registry/resolver';
import { RESOLVER_MESSAGES, resolvedAddress } from '@registry/contracts/records';

export type ResolveOutcome =
  | { kind: 'redirect'; url: string }
  /**
   * `name`: the registered name looked up, which has a public page; `holder`: who it points to, shown
   * beside the records (none before delivery and in the grace period).
   */
  | { kind: 'message'; message: string; name?: string; holder?: string | null };

/** "Held by 0.0.1234", and whether that account is shown by this name: what the name points to. */
export function holderLine(records: { accountId: string | null; isPrimaryName: boolean }): string | null {
  if (!records.accountId) return null;
  return records.isPrimaryName
    ? `Held by ${records.accountId}, whose primary name it is`
    : `Held by ${records.accountId}`;
}

const failure = (error: unknown): ResolveOutcome =>
  error instanceof ResolverError && error.code === 'BAD_ANSWER'
    ? { kind: 'message', message: RESOLVER_MESSAGES.badAnswer }
    : { kind: 'message', message: RESOLVER_MESSAGES.networkError };

/**
 * Spec section 4: the browser goes to the web2 address only when the record is active (status 2) and
 * the address is set; otherwise the page says which of the two is missing. An account id
 * (`0.0.1234`) stands for its primary name.
 */
export async function resolveName(
  input: string,
  resolver: Pick<Resolver, 'resolveName' | 'lookupName'>,
): Promise<ResolveOutcome> {
  let name = input;
  const accountId = canonicalEntityId(input);
  if (accountId) {
    try {
      const primary = await resolver.lookupName(accountId);
      if (primary === null) return { kind: 'message', message: RESOLVER_MESSAGES.noPrimaryName };
      name = primary;
    } catch (error) {
      return failure(error);
    }
  }
  let resolution;
  try {
    resolution = await resolver.resolveName(name);
  } catch (error) {
    return failure(error);
  }
  // A name nobody registered has no address either.
  if (!resolution) return { kind: 'message', message: RESOLVER_MESSAGES.noAddress };
  const target = resolvedAddress({
    siteAddress: resolution.siteAddress,
    status: resolution.siteAddressActive ? 2 : 1,
  });
  return target.kind === 'address'
    ? { kind: 'redirect', url: target.url }
    : { kind: 'message', message: target.message, name, holder: holderLine(resolution) };
}
