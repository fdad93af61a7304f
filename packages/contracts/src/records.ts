import * as z from 'zod/mini';
import { DomainNameSchema } from './domains';
import { recordUrlError } from './fields';
import { RECORD_FLAG, RECORDS_STATUS } from './status-codes';
import { RESOLVER_MESSAGES } from './resolver-messages';

// The resolver looks an account id up as its primary name: one lazy chunk for both.
export { ReverseResponseSchema } from './identity';

export { RECORD_FLAG, RECORDS_STATUS, RESOLVER_MESSAGES };

export const RECORD_FIELDS = [
  'siteAddress',
  'web3Asset',
  'twitter',
  'linkedIn',
  'facebook',
  'instagram',
] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];

const RecordUrlSchema = z.string().check(
  z.trim(),
  z.maxLength(2048),
  z.refine((value) => recordUrlError(value) === null, 'Kindly enter valid url'),
);

export const DomainRecordsSchema = z.object({
  domainName: z.string(),
  siteAddress: z.nullable(z.string()),
  assetsMap: z.object({
    web3Asset: z.nullable(z.string()),
    twitter: z.nullable(z.string()),
    linkedIn: z.nullable(z.string()),
    facebook: z.nullable(z.string()),
    instagram: z.nullable(z.string()),
  }),
  /** RECORDS_STATUS: active for resolving or not. */
  status: z.int(),
  statusSiteAddress: z.int(),
  statusAssets: z.int(),
});
export type DomainRecords = z.infer<typeof DomainRecordsSchema>;

/**
 * The public resolver's answer: the records, the name's NFT (its collection's token id and serial
 * number, null until minted: anyone can check the holder on a mirror node), and
 * where the name points: the account holding its NFT as the registry last verified it (null before
 * delivery, in the grace period after expiry), that account's EVM address (its alias when the account
 * was made from one, else the long-zero form of its number), and whether that account
 * is shown by this same name (its primary name: the check a client makes before showing a name for an
 * address).
 */
export const ResolveResponseSchema = z.extend(DomainRecordsSchema, {
  tokenId: z.nullable(z.string()),
  serialNo: z.nullable(z.int()),
  accountId: z.nullable(z.string()),
  evmAddress: z.nullable(z.string()),
  expiresAt: z.string(),
  isPrimaryName: z.boolean(),
});
export type ResolveResponse = z.infer<typeof ResolveResponseSchema>;

/** Most names one forward look-up answers. */
export const MAX_RESOLVE_BATCH = 100;

export const ResolveBatchRequestSchema = z.object({
  names: z.array(DomainNameSchema).check(z.minLength(1), z.maxLength(MAX_RESOLVE_BATCH)),
});
/** Each asked name with its answer, or null when it is not registered (or was released). */
export const ResolveBatchResponseSchema = z.object({
  names: z.record(z.string(), z.nullable(ResolveResponseSchema)),
});
export type ResolveBatchResponse = z.infer<typeof ResolveBatchResponseSchema>;

export const RecordUpdateSchema = z.object({ field: z.enum(RECORD_FIELDS), value: RecordUrlSchema });
export const RecordStatusSchema = z.object({ flag: z.enum(['statusSiteAddress', 'statusAssets']) });

/** Where a resolved name goes: its web2 address only when the record is active (status 2) and set. */
export function resolvedAddress(
  records: Pick<DomainRecords, 'siteAddress' | 'status'>,
): { kind: 'address'; url: string } | { kind: 'none'; message: string } {
  const address = records.siteAddress?.trim() ?? '';
  if (address === '') return { kind: 'none', message: RESOLVER_MESSAGES.noAddress };
  if (records.status !== RECORDS_STATUS.active) return { kind: 'none', message: RESOLVER_MESSAGES.inactive };
  return { kind: 'address', url: address };
}

/** The web2 address a domain starts with before the owner sets one. */
export function defaultSiteAddress(domainName: string): string {
  return `https://${domainName.replace(/\./g, '-')}.link`;
}
