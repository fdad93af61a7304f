/** Page n of a list of `total` items shown `pageSize` at a time. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function pageItems<T>(items: T[], page: number, pageSize: number): T[] {
  return items.slice(page * pageSize, (page + 1) * pageSize);
}

/** Previous / next through pages, with the position read out. */
export function Pagination({
  page,
  total,
  pageSize,
  onPageChange,
  label = 'Pages',
}: {
  /** Zero-based. */
  page: number;
  total: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="ui-pagination" aria-label={label}>
      <button
        type="button"
        className="ui-button ui-button--ghost"
        disabled={page === 0}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <span aria-live="polite">
        Page {page + 1} of {pages}
      </span>
      <button
        type="button"
        className="ui-button ui-button--ghost"
        disabled={page >= pages - 1}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
