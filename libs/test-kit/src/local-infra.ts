import { connect } from 'amqplib';
import { Client } from 'pg';
import { INFRA_URL_VARIABLES, type InfraKind } from './infra';

/** Where a developer's own PostgreSQL and RabbitMQ listen when nothing else is said. */
export const LOCAL_INFRA_URLS: Readonly<Record<InfraKind, string>> = {
  postgres: 'postgresql://postgres@127.0.0.1:5432/postgres',
  rabbitmq: 'amqp://guest:guest@127.0.0.1:5672',
};

const PROBE_TIMEOUT_MS = 1_500;

async function postgresAnswers(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
  try {
    await client.connect();
    const vector = await client.query("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'");
    return vector.rowCount === 0 ? 'it has no pgvector extension' : null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function rabbitAnswers(url: string): Promise<string | null> {
  try {
    const connection = await connect(url, { timeout: PROBE_TIMEOUT_MS });
    await connection.close();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * For each server whose TEST_* URL is unset, tries the local default and sets the URL when it answers
 * (so `npm test` on a developer machine uses its own servers). Returns one line per server it could
 * not use, to be printed once.
 */
export async function adoptLocalInfra(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const probes: Record<InfraKind, (url: string) => Promise<string | null>> = { postgres: postgresAnswers, rabbitmq: rabbitAnswers };
  const notes: string[] = [];
  for (const kind of Object.keys(probes) as InfraKind[]) {
    const variable = INFRA_URL_VARIABLES[kind];
    if (env[variable]?.trim()) continue;
    const problem = await probes[kind](LOCAL_INFRA_URLS[kind]);
    if (problem === null) env[variable] = LOCAL_INFRA_URLS[kind];
    else notes.push(`${kind} tests skipped: ${variable} is unset and ${LOCAL_INFRA_URLS[kind]} did not answer (${problem})`);
  }
  return notes;
}
