import { z } from 'zod';
import { recordUrlError } from './fields';

export const RECORD_FIELDS = [
  'siteAddress',
  'web3Asset',
  'twitter',
  'linkedIn',
  'facebook',
  'instagram',
] as const;
export type RecordField = (typeof RECORD_FIELDS)[number];

const RecordUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => recordUrlError(value) === null, 'Kindly enter valid url');

export const DomainRecordsSchema = z.object({
  domainName: z.string(),
  siteAddress: z.string().nullable(),
  assetsMap: z.object({
    web3Asset: z.string().nullable(),
    twitter: z.string().nullable(),
    linkedIn: z.string().nullable(),
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
  /** 2 = active for resolving. */
  status: z.number().int(),
  statusSiteAddress: z.number().int(),
  statusAssets: z.number().int(),
});
export type DomainRecords = z.infer<typeof DomainRecordsSchema>;

export const RecordUpdateSchema = z.object({ field: z.enum(RECORD_FIELDS), value: RecordUrlSchema });
export const RecordStatusSchema = z.object({ flag: z.enum(['statusSiteAddress', 'statusAssets']) });

/** The web2 address a domain starts with before the owner sets one. */
export function defaultSiteAddress(domainName: string): string {
  return `https://${domainName.replace(/\./g, '-')}.link`;
}
