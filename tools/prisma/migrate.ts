// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded PGlite
// database under DATA_DIR (default .data) when DATABASE_URL is unset.
import { createDb, migrateDb } from '@huntforge/data';

async function main(): Promise<void> {
  const databaseUrl = process.env['DATABASE_URL']?.trim() || undefined;
  const dataDir = process.env['DATA_DIR']?.trim() || '.data';
  const db = await createDb(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const { applied } = await migrateDb(db);
    const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}/pglite`;
    console.log(applied.length === 0 ? `${target}: up to date` : `${target}: applied ${applied.join(', ')}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(`db:migrate failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
