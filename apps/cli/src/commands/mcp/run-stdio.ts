import { userInfo } from 'node:os';
import { createDb, createSettingsReader, DatabaseInUseError, migrateDb, type Db } from '@huntforge/data';
import { createLogger, decodeEncryptionKey, loadConfig, loadDotEnv, withLocalEncryptionKey } from '@huntforge/platform';
import { hashToken, loadMcpConfig, startStdioProxy, startStdioServer, type Caller } from '@huntforge/service-mcp';

export interface StdioCommandOptions {
  stdio?: boolean;
  url?: string;
  token?: string;
  readOnly?: boolean;
}

const fail = (message: string): number => {
  process.stderr.write(`huntforge mcp: ${message}\n`);
  return 1;
};

/**
 * stdout carries the protocol, so everything human goes to stderr. With --url the command relays to a
 * running server (the way to reach an all-in-one instance, whose embedded database only it may open);
 * otherwise it opens the database itself: PostgreSQL (DATABASE_URL) always, PGlite only when no server holds it.
 */
export async function runStdioMcp(options: StdioCommandOptions): Promise<number> {
  if (!options.stdio) return fail('pass --stdio (the HTTP transport is served at /mcp by `huntforge start` and the mcp app)');
  loadDotEnv();
  const token = options.token ?? process.env['HUNTFORGE_TOKEN'];
  if (options.url) {
    if (!token) return fail('--url needs an API token: --token hf_… or HUNTFORGE_TOKEN');
    const proxy = await startStdioProxy({ url: options.url, token });
    await proxy.closed;
    return 0;
  }

  // The same key file as the all-in-one beside it, so credentials it stored decrypt here too.
  const { config } = withLocalEncryptionKey(loadConfig(process.env, { shape: 'all-in-one', service: 'mcp-stdio' }));
  const logger = createLogger({ level: config.logLevel, service: 'mcp-stdio', destination: process.stderr });
  let db: Db;
  try {
    db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseInUseError) {
      return fail(
        `${error.message}.\nA running Huntforge serves MCP itself: use \`huntforge mcp --stdio --url http://127.0.0.1:8080 --token hf_…\` ` +
          '(or its /mcp endpoint over HTTP), or set DATABASE_URL to use PostgreSQL.',
      );
    }
    throw error;
  }
  try {
    await migrateDb(db);
    const caller = await stdioCaller(db, token, options.readOnly ?? false);
    if (typeof caller === 'string') return fail(caller);
    const settings = createSettingsReader(db.prisma, {
      encryptionKey: config.settingsEncryptionKey ? decodeEncryptionKey(config.settingsEncryptionKey) : null,
    });
    const server = await startStdioServer({ db, config, mcpConfig: loadMcpConfig(process.env), logger, settings, caller });
    if (caller.role !== 'viewer' && !server.writesOffered) {
      process.stderr.write(
        'huntforge mcp: read tools and high-risk requests only: writes that run at once need a running Huntforge; ' +
          'set MCP_API_URL (and --token) or use --url http://127.0.0.1:8080 --token hf_…\n',
      );
    }
    const stop = () => void server.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await server.closed;
    return 0;
  } finally {
    await db.close();
  }
}

/** The token's identity when one is given; otherwise the local user, as an analyst (or a viewer with --read-only). */
async function stdioCaller(db: Db, token: string | undefined, readOnly: boolean): Promise<Caller | string> {
  if (token) {
    const record = await db.repos.apiTokens.findActiveByHash(hashToken(token));
    if (!record) return 'the API token is unknown or revoked';
    return { actor: `token:${record.name}`, role: record.role, tokenId: record.id, bearer: token, session: null, selfUrl: null };
  }
  let user = 'local';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (some containers): keep `local`.
  }
  return { actor: `stdio:${user}`, role: readOnly ? 'viewer' : 'analyst', tokenId: null, bearer: null, session: null, selfUrl: null };
}
