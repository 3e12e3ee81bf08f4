import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * A fresh, uniquely named database on the server of `serverUrl`, with pgvector, for one test file.
 * Fails with an explanation when the server lacks pgvector (the schema needs it).
 */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `huntforge_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, async (admin) => {
    const available = await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (available.rowCount === 0) {
      throw new Error(
        `The PostgreSQL server at ${redact(serverUrl)} has no pgvector extension ("vector"); install it (see tools/) before running PostgreSQL tests`,
      );
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = withDatabase(serverUrl, name);
  await withClient(url, (client) => client.query('CREATE EXTENSION IF NOT EXISTS vector'));
  return {
    url,
    drop: () => withClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function redact(serverUrl: string): string {
  const url = new URL(serverUrl);
  if (url.password) url.password = '***';
  return url.toString();
}
