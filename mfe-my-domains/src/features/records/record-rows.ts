import type { DomainRecords, RecordField } from '@registry/contracts/records';

/** One row of the records table: the record, its label, and what it shows when unset. */
export type RecordRow = { field: RecordField; label: string; empty: string };

/** The six rows of 'Web3 Domain Records' (spec section 2). */
export const RECORD_ROWS: RecordRow[] = [
  { field: 'siteAddress', label: 'Web2 Asset', empty: 'No data set' },
  { field: 'web3Asset', label: 'Web3 Website', empty: 'No data set' },
  { field: 'twitter', label: 'Twitter', empty: 'Not Added Yet' },
  { field: 'linkedIn', label: 'LinkedIn', empty: 'Not Added Yet' },
  { field: 'facebook', label: 'Facebook', empty: 'Not Added Yet' },
  { field: 'instagram', label: 'Instagram', empty: 'Not Added Yet' },
];

export const RECORD_FEE_WARNING =
  'Each change is charged a transaction fee and needs your wallet’s approval.';

export const recordValue = (records: DomainRecords, field: RecordField): string | null =>
  field === 'siteAddress' ? records.siteAddress : records.assetsMap[field];
