// A service project's suites boot the service in their hooks: an embedded PGlite from the migrated image, the
// in-process bus and the module, sometimes the content filter's model. On a loaded 2-core machine that takes tens
// of seconds. jest reads `testTimeout` only from the global config (a project's own is ignored), so the service
// projects that need longer than the global 30 s list this file in their `setupFilesAfterEnv`; a spec's own
// jest.setTimeout or a test's own timeout still wins.
jest.setTimeout(120_000);
