export interface ExtensionModule {
  /** The extension's key in PGlite's `extensions` option, which is also the name its module exports. */
  name: string;
  modulePath: string;
}

/**
 * Where the thread loads each extension of PGLITE_EXTENSIONS (../pglite-extensions.ts) from: extensions are
 * functions, so they cannot cross to the thread, and it requires their modules itself. Keep the two lists
 * equal (a test compares them). Resolved here, where the package is known to be found.
 */
export function extensionModules(): ExtensionModule[] {
  return [
    { name: 'vector', modulePath: require.resolve('@electric-sql/pglite/vector') },
    { name: 'pg_trgm', modulePath: require.resolve('@electric-sql/pglite/contrib/pg_trgm') },
  ];
}
