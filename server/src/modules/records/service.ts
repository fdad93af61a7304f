import {
  RESOLVER_MESSAGES,
  resolvedAddress,
  defaultSiteAddress,
  type DomainRecords,
  type RecordField,
  type ResolveResponse,
} from '@registry/contracts/records';
import type { Db, Executor } from '../../db/database';
import { HttpError, notFound } from '../../http-error';
import type { DomainService } from '../domains/service';
import type { IdentityService } from '../identity/service';
import type { JournalService } from '../journal/service';
import type { OrderRecords } from '../orders/service';
import * as repo from './repo';
import { RECORD_FLAG, RECORDS_STATUS } from '@registry/contracts/records';

const COLUMN_OF: Record<RecordField, repo.RecordColumn> = {
  siteAddress: 'siteAddress',
  web3Asset: 'web3Asset',
  twitter: 'twitter',
  linkedIn: 'linkedIn',
  facebook: 'facebook',
  instagram: 'instagram',
};

function toRecords(domainName: string, row: repo.RecordRow | undefined): DomainRecords {
  const statusSiteAddress = row?.statusSiteAddress ?? RECORD_FLAG.off;
  return {
    domainName,
    siteAddress: row?.siteAddress ?? defaultSiteAddress(domainName),
    assetsMap: {
      web3Asset: row?.web3Asset ?? null,
      twitter: row?.twitter ?? null,
      linkedIn: row?.linkedIn ?? null,
      facebook: row?.facebook ?? null,
      instagram: row?.instagram ?? null,
    },
    status:
      statusSiteAddress === RECORD_FLAG.on && row?.siteAddress
        ? RECORDS_STATUS.active
        : RECORDS_STATUS.inactive,
    statusSiteAddress,
    statusAssets: row?.statusAssets ?? RECORD_FLAG.off,
  };
}

/** How long the gateway keeps an answer; a record change drops it at once. */
const GATEWAY_TTL_MS = 30_000;
const GATEWAY_CACHE_SIZE = 10_000;

export type GatewayAnswer =
  { kind: 'redirect'; url: string } | { kind: 'page'; statusCode: 200 | 404; message: string };

/**
 * A web2 address as it may go in `Location`: the URL parser's form, with every character outside
 * ASCII and every quote or bracket percent-encoded. Null for anything but an http(s) URL.
 */
export function redirectTarget(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // The parser leaves a few characters that are legal in URLs but not wanted in a header as they are.
  return url.href.replace(
    /["<>\\^`{|}]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The HTTP gateway (`GET /r/{name}`): where a name's site address leads, each answer kept briefly. */
function createGateway(db: Db, domains: DomainService, now: () => number) {
  const gatewayCache = new Map<string, { answer: GatewayAnswer; expires: number }>();

  async function answerFor(domainName: string): Promise<GatewayAnswer> {
    const cached = gatewayCache.get(domainName);
    if (cached && cached.expires > now()) return cached.answer;
    let answer: GatewayAnswer;
    if ((await domains.serialOf(domainName)) === undefined) {
      answer = { kind: 'page', statusCode: 404, message: RESOLVER_MESSAGES.noAddress };
    } else {
      const target = resolvedAddress(toRecords(domainName, await repo.findRecords(db, domainName)));
      const url = target.kind === 'address' ? redirectTarget(target.url) : null;
      answer = url
        ? { kind: 'redirect', url }
        : {
            kind: 'page',
            statusCode: 200,
            message: target.kind === 'address' ? RESOLVER_MESSAGES.noAddress : target.message,
          };
    }
    if (gatewayCache.size >= GATEWAY_CACHE_SIZE) gatewayCache.clear();
    gatewayCache.set(domainName, { answer, expires: now() + GATEWAY_TTL_MS });
    return answer;
  }
  return { answerFor, forget: (domainName: string) => gatewayCache.delete(domainName) };
}

export function createRecordService({
  db,
  domains,
  orders,
  identity,
  journal,
  now = Date.now,
}: {
  db: Db;
  journal: Pick<JournalService, 'append' | 'recordEvent'>;
  domains: DomainService;
  orders: Pick<OrderRecords, 'useRecordFee'>;
  identity: Pick<IdentityService, 'reverseMany' | 'evmAddresses'>;
  now?: () => number;
}) {
  const gateway = createGateway(db, domains, now);
  const forget = gateway.forget;

  async function assertManageable(accountId: string, domainName: string) {
    const ownership = await domains.ownership(accountId, domainName);
    if (!ownership) throw notFound(`You do not own ${domainName}`);
    if (!ownership.subscribed) {
      throw new HttpError(403, 'NOT_SUBSCRIBED', 'Managing records needs an active subscription');
    }
  }

  const read = (domainName: string) => repo.findRecords(db, domainName);

  /** Registered names' answers: their records, holders, and whether each holder is shown by that name. */
  async function resolveMany(names: string[]): Promise<Map<string, ResolveResponse>> {
    const resolutions = await domains.resolutions(names);
    if (resolutions.length === 0) return new Map();
    const registered = resolutions.map((resolution) => resolution.name);
    const holders = [...new Set(resolutions.flatMap((resolution) => resolution.holder ?? []))];
    const [records, primary, evmAddresses] = await Promise.all([
      repo.findRecordsOf(db, registered),
      holders.length ? identity.reverseMany(holders) : { names: {} as Record<string, string | null> },
      holders.length ? identity.evmAddresses(holders) : ({} as Record<string, string>),
    ]);
    const recordsOf = new Map(records.map((row) => [row.domainName, row]));
    return new Map(
      resolutions.map((resolution) => [
        resolution.name,
        {
          ...toRecords(resolution.name, recordsOf.get(resolution.name)),
          tokenId: resolution.tokenId,
          serialNo: resolution.serialNo,
          accountId: resolution.holder,
          evmAddress: resolution.holder ? (evmAddresses[resolution.holder] ?? null) : null,
          expiresAt: resolution.expiresAt.toISOString(),
          isPrimaryName: resolution.holder !== null && primary.names[resolution.holder] === resolution.name,
        },
      ]),
    );
  }

  return {
    async get(accountId: string, domainName: string): Promise<DomainRecords> {
      if (!(await domains.ownership(accountId, domainName))) throw notFound(`You do not own ${domainName}`);
      return toRecords(domainName, await read(domainName));
    },

    /** Saves one record; it becomes active once its fee is paid (see `activate`). */
    async update(
      accountId: string,
      domainName: string,
      field: RecordField,
      value: string,
    ): Promise<DomainRecords> {
      await assertManageable(accountId, domainName);
      const column = COLUMN_OF[field];
      const flag = field === 'siteAddress' ? 'statusSiteAddress' : 'statusAssets';
      const row = await db.transaction(async (tx) => {
        const saved = await repo.saveRecord(tx, domainName, column, value, flag);
        await journal.append(tx, [{ name: domainName, event: journal.recordEvent(field, value) }]);
        return saved;
      });
      forget(domainName);
      return toRecords(domainName, row);
    },

    /**
     * Sets statusSiteAddress or statusAssets to 1. Only a paid record-fee order of this account for this
     * domain allows it, and each such order is used once.
     */
    async activate(
      accountId: string,
      domainName: string,
      flag: 'statusSiteAddress' | 'statusAssets',
    ): Promise<DomainRecords> {
      await assertManageable(accountId, domainName);
      const activated = await db.transaction(async (tx) => {
        if (!(await orders.useRecordFee(tx, accountId, domainName)))
          throw new HttpError(402, 'PAYMENT_REQUIRED', 'Pay the record change fee first');
        const row = await repo.activateRecords(tx, domainName, flag);
        await journal.append(tx, [{ name: domainName, event: { e: 'record-active', d: { flag } } }]);
        return toRecords(domainName, row);
      });
      // After the commit: a gateway answer read in between is dropped too.
      forget(domainName);
      return activated;
    },

    /** The records of these names as stored (a registry older than its journal journals them first). */
    storedOf: (domainNames: string[]) => repo.findRecordsOf(db, domainNames),

    /** A journaled record change put back (restore, rebuild): not journaled again. */
    async restore(tx: Executor, domainName: string, field: RecordField, value: string) {
      const flag = field === 'siteAddress' ? 'statusSiteAddress' : 'statusAssets';
      await repo.saveRecord(tx, domainName, COLUMN_OF[field], value, flag);
      forget(domainName);
    },
    async restoreActive(tx: Executor, domainName: string, flag: 'statusSiteAddress' | 'statusAssets') {
      await repo.activateRecords(tx, domainName, flag);
      forget(domainName);
    },

    /** The HTTP gateway's answer for a name (`GET /r/{name}`), kept briefly. */
    gateway: gateway.answerFor,

    /** Public look-up for the resolver and other apps: a name's records and where it points. */
    async resolve(domainName: string): Promise<ResolveResponse> {
      const answer = (await resolveMany([domainName])).get(domainName);
      if (!answer) throw notFound(`${domainName} is not registered`);
      return answer;
    },

    /** The same look-up for up to a page of names: each asked name, null where none is registered. */
    async resolveBatch(names: string[]): Promise<{ names: Record<string, ResolveResponse | null> }> {
      const unique = [...new Set(names)];
      const answers = await resolveMany(unique);
      return { names: Object.fromEntries(unique.map((name) => [name, answers.get(name) ?? null])) };
    },
  };
}
export type RecordService = ReturnType<typeof createRecordService>;
