// Types for schema-engine.mjs, which stays plain ESM (see its header).
export declare const repoRoot: string;
export declare const defaultSchemaPath: string;
export declare const defaultMigrationsDir: string;

export interface DiffOptions {
  schemaPath?: string;
}

/** SQL from an empty database to the schema. */
export declare function diffFromEmpty(options?: DiffOptions): Promise<string>;

/** SQL from the migrations folder to the schema; '' when they match. */
export declare function diffFromMigrations(options?: DiffOptions & { migrationsDir?: string }): Promise<string>;

export declare function withoutMigrationOnlyIndexDrops(sql: string, migrationScripts: string[]): string;
