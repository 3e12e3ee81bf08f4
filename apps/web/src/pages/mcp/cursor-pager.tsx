import { useState } from 'react';

/**
 * Cursor paging (the API answers newest first with a `next_cursor`): the cursors of the pages already
 * seen are kept so "Newer" can go back. Changing a filter starts again at the newest page (`reset`).
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  return {
    cursor,
    page: cursors.length + 1,
    older: (next: string) => setCursors((seen) => [...seen, next]),
    newer: () => setCursors((seen) => seen.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

/** Same look as the numbered pager; there is no total, only whether older entries exist. */
export function CursorPager({
  label,
  page,
  shown,
  nextCursor,
  onOlder,
  onNewer,
}: {
  label: string;
  page: number;
  shown: number;
  nextCursor: string | null;
  onOlder: (cursor: string) => void;
  onNewer: () => void;
}) {
  return (
    <nav className="row spread" aria-label={`${label} pages`}>
      <span className="muted small">
        page {page}, {shown} shown{nextCursor ? ', older ones follow' : ''}
      </span>
      <span className="row">
        <button type="button" disabled={page <= 1} onClick={onNewer}>
          ← Newer
        </button>
        <button type="button" disabled={!nextCursor} onClick={() => nextCursor && onOlder(nextCursor)}>
          Older →
        </button>
      </span>
    </nav>
  );
}
