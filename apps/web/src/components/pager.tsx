export function Pager({ page, totalPages, total, onPage }: { page: number; totalPages: number; total: number; onPage: (page: number) => void }) {
  return (
    <nav className="row spread" aria-label="pagination">
      <span className="muted small">{total.toLocaleString()} in all</span>
      <span className="row">
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>← Previous</button>
        <span className="small">page {page} of {Math.max(totalPages, 1)}</span>
        <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>Next →</button>
      </span>
    </nav>
  );
}
