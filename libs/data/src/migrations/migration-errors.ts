/** An applied migration's file no longer matches what was applied: the history was rewritten. */
export class MigrationChecksumError extends Error {
  constructor(readonly migrationName: string) {
    super(
      `Migration ${migrationName} was changed after it was applied (checksum differs from _prisma_migrations); ` +
        'restore the original file and put the change in a new migration',
    );
    this.name = 'MigrationChecksumError';
  }
}

/** A migration that started but never finished (left by `prisma migrate deploy`); a person must resolve it. */
export class MigrationFailedError extends Error {
  constructor(
    readonly migrationName: string,
    cause?: unknown,
  ) {
    super(
      cause === undefined
        ? `Migration ${migrationName} is recorded as failed; resolve it (prisma migrate resolve) before migrating`
        : `Migration ${migrationName} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = 'MigrationFailedError';
  }
}
