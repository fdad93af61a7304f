import type { ReactNode } from 'react';

export type Column<T> = { header: string; cell: (row: T) => ReactNode };

/**
 * A data table with a caption; cells render values as text unless a column renders an element. On a
 * narrow screen each row becomes a card of labelled values (the roles keep it a table to assistive
 * technology, whose display the layout changes).
 */
export function Table<T>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
}) {
  return (
    <div className="ui-table__scroll">
      <table className="ui-table" role="table">
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <td key={column.header} role="cell" data-label={column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
