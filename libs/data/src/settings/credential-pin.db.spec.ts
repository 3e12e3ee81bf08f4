import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { openTestDatabase, type TestDatabase } from '../test-support/test-databases';
import { CredentialBaseUrlChangedError } from './credential-pin';
import { createSettingsReader } from './settings-reader';
import { createSettingsStore } from './settings-store';

const STORED_KEY = 'sk-stored-abcdefghijklmnop';
const ENV_KEY = 'sk-env-abcdefghijklmnopqrs';

describe('credentials pinned to their base URL (PGlite)', () => {
  let database: TestDatabase;
  let db: Db;
  const encryptionKey = randomBytes(32);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    db = database.db;
  });
  afterAll(() => database.dispose());
  afterEach(() => db.prisma.setting.deleteMany());

  const withheld = expect.objectContaining({ code: 'credential_base_url_changed', key: 'OPENAI_API_KEY', baseUrlKey: 'OPENAI_BASE_URL' });

  it('withholds a stored key once its base URL changes, from the store and the platform reader alike, until it is entered again', async () => {
    const store = createSettingsStore(db.prisma, { encryptionKey, env: {} });
    const reader = createSettingsReader(db.prisma, { encryptionKey, env: {} });
    await store.set('OPENAI_BASE_URL', 'https://proxy.example/v1', 'token:admin');
    await store.set('OPENAI_API_KEY', STORED_KEY, 'token:admin');
    expect(await reader.get('OPENAI_API_KEY')).toBe(STORED_KEY);

    // The same URL again changes nothing.
    await store.set('OPENAI_BASE_URL', 'https://proxy.example/v1/', 'token:other');
    expect(await reader.get('OPENAI_API_KEY')).toBe(STORED_KEY);

    // Changed right after (within the same millisecond or not): withheld, with a stable code and no value in the message.
    await store.set('OPENAI_BASE_URL', 'https://attacker.example/v1', 'token:other');
    const refusal = await reader.get('OPENAI_API_KEY').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CredentialBaseUrlChangedError);
    expect(refusal).toEqual(withheld);
    expect((refusal as Error).message).not.toContain(STORED_KEY);
    await expect(store.get('OPENAI_API_KEY')).rejects.toEqual(withheld);
    // Other settings read as before.
    expect(await reader.get('OPENAI_BASE_URL')).toBe('https://attacker.example/v1');

    await store.set('OPENAI_API_KEY', STORED_KEY, 'token:admin');
    expect(await reader.get('OPENAI_API_KEY')).toBe(STORED_KEY);
  });

  it('counts removing the base URL as a change, and keeps the removed URL out of the settings view', async () => {
    const store = createSettingsStore(db.prisma, { encryptionKey, env: {} });
    await store.set('ANTHROPIC_BASE_URL', 'https://proxy.example', 'token:admin');
    await store.set('ANTHROPIC_API_KEY', STORED_KEY, 'token:admin');
    expect(await store.get('ANTHROPIC_API_KEY')).toBe(STORED_KEY);

    expect(await store.remove('ANTHROPIC_BASE_URL')).toMatchObject({ configured: false, value: null, source: null });
    expect(await store.get('ANTHROPIC_BASE_URL')).toBeUndefined();
    await expect(store.get('ANTHROPIC_API_KEY')).rejects.toMatchObject({ code: 'credential_base_url_changed', key: 'ANTHROPIC_API_KEY' });
    expect((await store.list()).find((entry) => entry.key === 'ANTHROPIC_BASE_URL')).toMatchObject({ configured: false });
  });

  it('sends an environment key only to the environment or default base URL', async () => {
    const env = { OPENAI_API_KEY: ENV_KEY, GITHUB_TOKEN: 'ghp_env', GITHUB_API_URL: 'https://ghe.example/api/v3' };
    const store = createSettingsStore(db.prisma, { encryptionKey, env });
    expect(await store.get('OPENAI_API_KEY')).toBe(ENV_KEY);

    await store.set('OPENAI_BASE_URL', 'https://api.openai.com/v1', 'token:admin');
    expect(await store.get('OPENAI_API_KEY')).toBe(ENV_KEY);
    await store.set('OPENAI_BASE_URL', 'https://attacker.example/v1', 'token:admin');
    await expect(store.get('OPENAI_API_KEY')).rejects.toEqual(withheld);

    await store.set('GITHUB_API_URL', 'https://ghe.example/api/v3', 'token:admin');
    expect(await store.get('GITHUB_TOKEN')).toBe('ghp_env');
    await store.set('GITHUB_API_URL', 'https://api.github.com', 'token:admin');
    await expect(store.get('GITHUB_TOKEN')).rejects.toMatchObject({ code: 'credential_base_url_changed', baseUrlKey: 'GITHUB_API_URL' });

    // A key entered after the URL was set is pinned to it.
    await store.set('OPENAI_API_KEY', STORED_KEY, 'token:admin');
    expect(await store.get('OPENAI_API_KEY')).toBe(STORED_KEY);
  });
});
