// The repo resolves modules the node10 way, which ignores package.json "exports"; this maps
// PGlite's `./vector` export to its type declarations. Node resolves the runtime import itself.
declare module '@electric-sql/pglite/vector' {
  export { vector } from '@electric-sql/pglite/dist/vector/index';
}
declare module '@electric-sql/pglite/contrib/pg_trgm' {
  export { pg_trgm } from '@electric-sql/pglite/dist/contrib/pg_trgm';
}
