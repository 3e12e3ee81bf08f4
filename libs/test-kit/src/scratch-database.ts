import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, uniquely named database (with pgvector) on the server of `serverUrl`, for one test file or
 * one set of processes; `drop()` removes it even while connections remain.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `huntforge_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient(serverUrl, async (admin) => {
    const available = await admin.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    if (available.rowCount === 0) {
      throw new Error(
        `The PostgreSQL server in TEST_DATABASE_URL has no pgvector extension ("vector"); install it before running PostgreSQL tests`,
      );
    }
    await admin.query(`CREATE DATABASE "${name}"`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withClient(url.toString(), (client) => client.query('CREATE EXTENSION IF NOT EXISTS vector'));
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
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
