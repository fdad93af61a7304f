import { DEFAULT_TLD, splitDomainName, MAX_LABEL_LENGTH } from '@registry/contracts/domain-name';
import type { AvailabilityResponse, Suggestion } from '@registry/contracts/domains';
import { AVAILABILITY_STATUS } from '@registry/contracts/status-codes';
import { similarityPercent } from '@registry/contracts/similarity';
import { premiumEndsAt, releasePremiumUsd, usdToHbar } from '@registry/contracts/pricing';
import type { Db } from '../../db/database';
import { badRequest } from '../../http-error';
import { LedgerUnavailableError, type LedgerReader } from '@registry/hedera-node/ledger-port';
import type { PriceList } from '../settings/price-list';
import type { TldService } from '../tlds/service';
import { gatheredByName } from '../../db/gathered-lookups';
import * as repo from './repo';

const SUGGESTION_LIMIT = 8;
/** `localeCompare`'s order, with one collator for every comparison instead of one per call. */
const byName = new Intl.Collator().compare;
const SUGGESTION_PREFIXES = ['my', 'get', 'the'];
const SUGGESTION_SUFFIXES = ['app', 'hq', 'web3', 'pay', '1'];

/**
 * The first label of a name that is not a subdomain (three labels, as `splitDomainName` counts them),
 * else null: read without splitting the name, as the search does for every name it checks.
 */
function topLevelLabel(name: string): string | null {
  const first = name.indexOf('.');
  if (first === -1) return name;
  const second = name.indexOf('.', first + 1);
  const isSubdomain = second !== -1 && name.indexOf('.', second + 1) === -1;
  return isSubdomain ? null : name.slice(0, first);
}

/** The premium a released name is sold with now: USD and HBAR at the rate of the moment, and when it ends. */
export type ReleasePremium = { usd: number; hbar: number; endsAt: Date };

/** A premium as answers carry it (nothing when there is none). */
const premiumFields = (premium: ReleasePremium | undefined) =>
  premium
    ? { premium: { price: premium.hbar, priceUsd: premium.usd, endsOn: premium.endsAt.toISOString() } }
    : {};

type Deps = {
  db: Db;
  ledger: LedgerReader;
  tlds: TldService;
  priceList: PriceList;
  reservedLabels: () => Promise<Set<string>>;
  clock: () => { now: Date; releasedBefore: Date };
  graceEndOf: (expiresAt: Date) => Date;
  startPremiumUsd: number;
};

/** Which names are free now, and the premiums of released ones. */
function createNameStatus({ db, ledger, reservedLabels, clock, graceEndOf, startPremiumUsd }: Deps) {
  // Every search's rows, nobody excepted: the searches of the moment share one query.
  const searchedNameRows = gatheredByName((names) => repo.nameRows(db, names, clock().now));

  /** The premiums of released names, from their expiry (absent: none, or its 21 days are over). */
  function premiumsOf(released: Map<string, Date>, usdPerHbar: number) {
    const premiumOf = new Map<string, ReleasePremium>();
    if (startPremiumUsd <= 0) return premiumOf;
    const now = clock().now;
    for (const [name, expiresAt] of released) {
      const releasedAt = graceEndOf(expiresAt);
      const usd = releasePremiumUsd(startPremiumUsd, releasedAt, now);
      if (usd > 0)
        premiumOf.set(name, { usd, hbar: usdToHbar(usd, usdPerHbar), endsAt: premiumEndsAt(releasedAt) });
    }
    return premiumOf;
  }

  /** Premiums of the released names among `names` (absent: none, or its 21 days are over). */
  async function premiums(names: string[], usdPerHbar: number) {
    if (startPremiumUsd <= 0) return new Map<string, ReleasePremium>();
    return premiumsOf((await repo.nameStatus(db, names, clock())).released, usdPerHbar);
  }

  async function ledgerIsUp() {
    try {
      return await ledger.isAvailable();
    } catch (error) {
      if (error instanceof LedgerUnavailableError) return false;
      throw error;
    }
  }

  /**
   * Which of `names` cannot be bought now (registered, reserved, or held by a quote of someone other
   * than `exceptAccount`), and the released ones with their expiry: at most one query, none for reserved
   * names; a search's names (nobody excepted) share their query with the other searches of the moment.
   */
  async function lookUp(names: string[], exceptAccount?: string) {
    const reservedLabelSet = await reservedLabels();
    const reserved = new Set(
      names.filter((name) => {
        const label = topLevelLabel(name);
        return label !== null && reservedLabelSet.has(label);
      }),
    );
    const asked = names.filter((name) => !reserved.has(name));
    const { taken, released } =
      exceptAccount === undefined
        ? repo.nameStatusOf(await searchedNameRows(asked), clock().releasedBefore)
        : await repo.nameStatus(db, asked, clock(), exceptAccount);
    return {
      unavailable: names.filter((name) => taken.has(name) || reserved.has(name)),
      reserved: names.filter((name) => reserved.has(name)),
      released,
    };
  }

  /** Names of the list that cannot be bought now: registered, reserved, or held by another's quote. */
  async function unavailable(names: string[], exceptAccount?: string): Promise<string[]> {
    return (await lookUp(names, exceptAccount)).unavailable;
  }

  return { premiums, premiumsOf, ledgerIsUp, unavailable, lookUp };
}
type NameStatus = ReturnType<typeof createNameStatus>;

/** The spec's availability codes (AVAILABILITY_STATUS): 'HCS-DOWN' while the ledger is down. */
function createAvailability({ tlds, priceList }: Deps, { ledgerIsUp, lookUp, premiumsOf }: NameStatus) {
  return async function availability(name: string): Promise<AvailabilityResponse> {
    const { tld, isSubdomain } = splitDomainName(name);
    if (isSubdomain) throw badRequest('SUBDOMAIN_NAME', 'Subdomains are booked from the parent domain page');
    if (!(await tlds.isActive(tld)))
      throw badRequest('UNKNOWN_TLD', `.${tld} is not a top-level domain on sale`);
    if (!(await ledgerIsUp())) {
      return {
        name,
        status: AVAILABILITY_STATUS.networkDown,
        available: false,
        reserved: false,
        networkDown: true,
        msg: 'HCS-DOWN',
        price: null,
        priceUsd: null,
      };
    }
    const found = await lookUp([name]);
    if (found.unavailable.length > 0) {
      return {
        name,
        status: AVAILABILITY_STATUS.unavailable,
        available: false,
        reserved: found.reserved.length > 0,
        networkDown: false,
        price: null,
        priceUsd: null,
      };
    }
    const { rate, domainHbarPerYear: price, domainUsdPerYear } = await priceList.current();
    const premium = premiumFields(premiumsOf(found.released, rate.usdPerHbar).get(name));
    return {
      name,
      status: AVAILABILITY_STATUS.available,
      available: true,
      reserved: false,
      networkDown: false,
      price,
      priceUsd: domainUsdPerYear,
      ...premium,
    };
  };
}

/** Free names close to the searched one, closest first. */
function createSuggestions({ tlds, priceList }: Deps, { lookUp, premiumsOf }: NameStatus) {
  return async function suggestions(name: string): Promise<Suggestion[]> {
    const { labels, tld } = splitDomainName(name);
    const label = labels[0]!;
    const activeTlds = await tlds.activeNames();
    if (!activeTlds.includes(tld))
      throw badRequest('UNKNOWN_TLD', `.${tld} is not a top-level domain on sale`);
    const candidates = new Set<string>();
    for (const other of [tld, DEFAULT_TLD, ...activeTlds])
      if (other !== tld) candidates.add(`${label}.${other}`);
    for (const prefix of SUGGESTION_PREFIXES) candidates.add(`${prefix}${label}.${tld}`);
    for (const suffix of SUGGESTION_SUFFIXES) candidates.add(`${label}${suffix}.${tld}`);
    // Every candidate is `label.tld`: its label and top-level domain together fit the limit.
    const fitting = [...candidates].filter((candidate) => candidate.length - 1 <= MAX_LABEL_LENGTH);
    const { domainHbarPerYear: price, domainUsdPerYear: priceUsd, rate } = await priceList.current();
    const found = await lookUp(fitting);
    const free = fitting.filter((candidate) => !found.unavailable.includes(candidate));
    const premiumOf = premiumsOf(found.released, rate.usdPerHbar);
    return free
      .map((candidate) => ({
        name: candidate,
        price,
        priceUsd,
        similarity: similarityPercent(name, candidate),
        ...premiumFields(premiumOf.get(candidate)),
      }))
      .sort((a, b) => b.similarity - a.similarity || byName(a.name, b.name))
      .slice(0, SUGGESTION_LIMIT)
      .map((suggestion, index) => ({ id: index + 1, ...suggestion }));
  };
}

/** Which of these names can no longer be bought, and the premiums of the others (cart and checkout). */
function createTakenCheck({ priceList }: Deps, { lookUp, premiumsOf }: NameStatus) {
  return async function taken(names: string[]) {
    const unique = [...new Set(names)];
    const found = await lookUp(unique);
    const free = unique.filter((name) => !found.unavailable.includes(name));
    const { rate } = await priceList.current();
    const premiumOf = premiumsOf(found.released, rate.usdPerHbar);
    const premiumLines = free.flatMap((itemName) => {
      const premium = premiumFields(premiumOf.get(itemName)).premium;
      return premium ? [{ itemName, ...premium }] : [];
    });
    return {
      taken: found.unavailable.map((itemName) => ({ itemName })),
      ...(premiumLines.length > 0 ? { premiums: premiumLines } : {}),
    };
  };
}

/** What a buyer searching sees: whether a name is free, at what price and premium, and names close to it. */
export function createDomainSearch(deps: Deps) {
  const status = createNameStatus(deps);
  return {
    ...status,
    availability: createAvailability(deps, status),
    suggestions: createSuggestions(deps, status),
    taken: createTakenCheck(deps, status),
  };
}
