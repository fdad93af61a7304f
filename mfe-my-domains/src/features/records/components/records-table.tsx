import type { DomainRecords, RecordField } from '@registry/contracts/records';
import { Button } from '@registry/ui/button';
import { Table } from '@registry/ui/table';
import type { RecordRow } from './record-modal';

/** The six rows of 'Web3 Domain Records' (spec section 2) and what each shows when unset. */
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

/** The records, each with Edit; values are shown as text. */
export function RecordsTable({
  records,
  onEdit,
}: {
  records: DomainRecords;
  onEdit: (row: RecordRow) => void;
}) {
  return (
    <Table
      caption="Web3 Domain Records"
      rowKey={(row) => row.field}
      rows={RECORD_ROWS}
      columns={[
        { header: 'Record', cell: (row) => row.label },
        {
          header: 'Value',
          cell: (row) => (
            <span className="records__value">{recordValue(records, row.field) || row.empty}</span>
          ),
        },
        {
          header: 'Edit',
          cell: (row) => (
            <Button variant="ghost" onClick={() => onEdit(row)} aria-label={`Edit ${row.label}`}>
              Edit
            </Button>
          ),
        },
      ]}
    />
  );
}
