import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite/vector';

/**
 * The extensions every embedded database opens with: the migrations create `vector` (embeddings) and
 * `pg_trgm` (substring search), so any PGlite that replays or restores them must load both.
 */
export const PGLITE_EXTENSIONS = { vector, pg_trgm };
