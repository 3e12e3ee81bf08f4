import type { Db } from '@huntforge/data';
import { createTestDb } from '@huntforge/testing';
import {
  API_TOKEN_PATTERN,
  TokenNameTakenError,
  cliActor,
  createApiToken,
  createApiTokenAsCli,
  generateApiToken,
  hashApiToken,
  listApiTokens,
  revokeApiToken,
  revokeApiTokenAsCli,
} from './api-tokens';

describe('generateApiToken', () => {
  it('makes hf_ + 32 random bytes in base64url, with its SHA-256 hex and a short visible prefix', () => {
    const { token, tokenHash, prefix } = generateApiToken();
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).toBe(hashApiToken(token));
    expect(token.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength(7);
    expect(generateApiToken().token).not.toBe(token);
  });
});

describe('token administration', () => {
  let db: Db;

  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(() => db.close());

  it('stores only the hash and finds the token by it', async () => {
    const { token, record } = await createApiToken(db.repos.apiTokens, { name: 'ci', role: 'analyst' });
    expect(record).toMatchObject({ name: 'ci', role: 'analyst', revokedAt: null, lastUsedAt: null });
    expect(JSON.stringify(record)).not.toContain(token);
    expect(await db.repos.apiTokens.findActiveByHash(hashApiToken(token))).toMatchObject({ id: record.id });
  });

  it('refuses a second token with the same name', async () => {
    await createApiToken(db.repos.apiTokens, { name: 'dup', role: 'viewer' });
    await expect(createApiToken(db.repos.apiTokens, { name: 'dup', role: 'viewer' })).rejects.toBeInstanceOf(TokenNameTakenError);
  });

  it('revokes by name or by id (also given as a numeric string) and lists revoked tokens', async () => {
    const byName = await createApiToken(db.repos.apiTokens, { name: 'by-name', role: 'viewer' });
    const byId = await createApiToken(db.repos.apiTokens, { name: 'by-id', role: 'viewer' });
    expect(await revokeApiToken(db.repos.apiTokens, 'by-name')).toBe(true);
    expect(await revokeApiToken(db.repos.apiTokens, String(byId.record.id))).toBe(true);
    expect(await revokeApiToken(db.repos.apiTokens, 'by-name')).toBe(false);
    expect(await db.repos.apiTokens.findActiveByHash(hashApiToken(byName.token))).toBeNull();

    const listed = await listApiTokens(db.repos.apiTokens);
    expect(listed.find((t) => t.name === 'by-id')?.revokedAt).toBeInstanceOf(Date);
  });

  it("keeps a revoked token's name taken, so audit records stay unambiguous", async () => {
    await createApiToken(db.repos.apiTokens, { name: 'rotated', role: 'admin' });
    await revokeApiToken(db.repos.apiTokens, 'rotated');
    await expect(createApiToken(db.repos.apiTokens, { name: 'rotated', role: 'admin' })).rejects.toBeInstanceOf(TokenNameTakenError);
  });
});

describe('token changes made with the CLI', () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(() => db.close());

  it('audits creation and revocation with the actor cli:<os user>, never the token', async () => {
    const actor = cliActor('mallory');
    expect(actor).toBe('cli:mallory');
    const { token, record } = await createApiTokenAsCli(db.repos, { name: 'ci-bot', role: 'analyst' }, actor);
    expect(await revokeApiTokenAsCli(db.repos, 'ci-bot', actor)).toBe(true);
    expect(await revokeApiTokenAsCli(db.repos, 'nobody', actor)).toBe(false);
    const events = await db.repos.audit.list({ actor });
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      ['api_token.revoked', { id_or_name: 'ci-bot', via: 'cli' }],
      ['api_token.created', { id: record.id, name: 'ci-bot', role: 'analyst', via: 'cli' }],
    ]);
    expect(JSON.stringify(events)).not.toContain(token);
  });
});
