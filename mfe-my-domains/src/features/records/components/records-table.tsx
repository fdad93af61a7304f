import type { DomainRecords } from '@registry/contracts/records';
import { Button } from '@registry/ui/button';
import { Table } from '@registry/ui/table';
import { RECORD_ROWS, recordValue, type RecordRow } from '../record-rows';

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
