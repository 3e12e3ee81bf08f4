// Run by global-setup.ts in a child process (tsx resolves the path aliases that jest's global setup cannot):
// migrates one in-memory PGlite and writes its data directory, uncompressed, to the file named on the command line.
import { writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createDb, dumpEmbeddedDatabase, migrateDb } from '@huntforge/data';

async function main(out: string): Promise<void> {
  const db = await createDb({ inMemory: true });
  try {
    await migrateDb(db);
    const gzipped = Buffer.from(await (await dumpEmbeddedDatabase(db)).arrayBuffer());
    // Stored unpacked: every suite loads it, and gunzip would cost each of them what it saves on disk.
    writeFileSync(out, gunzipSync(gzipped));
  } finally {
    await db.close();
  }
}

const out = process.argv[2];
if (!out) throw new Error('usage: tsx tools/jest/pglite-image.ts <output file>');
main(out).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
