/** `totalExact` false: the list counted its matches only up to `total` (a text search), so it shows "N+". */
export function Pager({
  page,
  totalPages,
  total,
  totalExact = true,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  totalExact?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="row spread" aria-label="pagination">
      <span className="muted small" title={totalExact ? undefined : 'More match: narrow the search to page through them'}>
        {total.toLocaleString()}
        {totalExact ? '' : '+'} in all
      </span>
      <span className="row">
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          ← Previous
        </button>
        <span className="small">
          page {page} of {Math.max(totalPages, 1)}
        </span>
        <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
          Next →
        </button>
      </span>
    </nav>
  );
}
