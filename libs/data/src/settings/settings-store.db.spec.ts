import { randomBytes } from 'node:crypto';
import type { Db } from '../db';
import { openTestDatabase, type TestDatabase } from '../test-support/test-databases';
import { createSettingsReader, SettingDecryptionError, undecryptableSecrets } from './settings-reader';
import { createSettingsStore, EncryptionKeyMissingError, InvalidSettingValueError, UnknownSettingError } from './settings-store';

const SECRET = 'sk-live-abcdefghijklmnop-WXYZ';

describe('settings store (PGlite)', () => {
  let database: TestDatabase;
  let db: Db;
  const key = randomBytes(32);

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    db = database.db;
  });
  afterAll(() => database.dispose());
  afterEach(() => db.prisma.setting.deleteMany());

  it('encrypts a secret at rest (AES-256-GCM), shows only a hint, and reads it back decrypted', async () => {
    const store = createSettingsStore(db.prisma, { encryptionKey: key, env: {} });
    const view = await store.set('OPENAI_API_KEY', ` ${SECRET} `, 'token:admin');
    expect(view).toMatchObject({ key: 'OPENAI_API_KEY', value: null, sensitive: true, configured: true, hint: '…WXYZ', source: 'stored' });
    const row = await db.prisma.setting.findUniqueOrThrow({ where: { key: 'OPENAI_API_KEY' } });
    expect(row).toMatchObject({ isSecret: true, value: null, updatedBy: 'token:admin' });
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(Buffer.from(row.iv ?? '', 'base64')).toHaveLength(12);
    expect(await store.get('OPENAI_API_KEY')).toBe(SECRET);
    // The platform's reader (ModuleContext.settings) decrypts the same row.
    expect(await createSettingsReader(db.prisma, { encryptionKey: key }).get('OPENAI_API_KEY')).toBe(SECRET);
    await expect(createSettingsReader(db.prisma, { encryptionKey: randomBytes(32) }).get('OPENAI_API_KEY')).rejects.toBeInstanceOf(
      SettingDecryptionError,
    );
    // The start-up check names the secrets a key cannot open, and none for the right key.
    expect(await undecryptableSecrets(db.prisma, key)).toEqual([]);
    expect(await undecryptableSecrets(db.prisma, randomBytes(32))).toEqual(['OPENAI_API_KEY']);
    expect(await undecryptableSecrets(db.prisma, null)).toEqual(['OPENAI_API_KEY']);
  });

  it('refuses to store a secret without SETTINGS_ENCRYPTION_KEY, but stores plain settings', async () => {
    const store = createSettingsStore(db.prisma, { env: {} });
    await expect(store.set('ANTHROPIC_API_KEY', SECRET, null)).rejects.toBeInstanceOf(EncryptionKeyMissingError);
    expect(await db.prisma.setting.count()).toBe(0);
    expect(await store.set('GITHUB_REPO', 'acme/detections', null)).toMatchObject({ value: 'acme/detections', source: 'stored' });
  });

  it('lets a stored value override the environment and falls back to it after delete', async () => {
    const env = { OLLAMA_HOST: 'http://10.0.0.5:11434', GITHUB_TOKEN: 'ghp_environmentToken1234567890' };
    const store = createSettingsStore(db.prisma, { encryptionKey: key, env });
    expect(await store.describe('OLLAMA_HOST')).toMatchObject({ value: 'http://10.0.0.5:11434', source: 'environment' });
    expect(await store.describe('GITHUB_TOKEN')).toMatchObject({ value: null, configured: true, hint: '…7890', source: 'environment' });
    await store.set('OLLAMA_HOST', 'http://127.0.0.1:11434/', null);
    expect(await store.get('OLLAMA_HOST')).toBe('http://127.0.0.1:11434');
    expect(await store.remove('OLLAMA_HOST')).toMatchObject({ value: 'http://10.0.0.5:11434', source: 'environment' });
    expect(await store.get('OLLAMA_HOST')).toBe('http://10.0.0.5:11434');
  });

  it('lists every catalogue key, unset ones unconfigured', async () => {
    const store = createSettingsStore(db.prisma, { encryptionKey: key, env: {} });
    await store.set('OCR_INGEST_ENABLED', '1', null);
    const list = await store.list();
    expect(list.map((entry) => entry.key)).toEqual(
      expect.arrayContaining(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OLLAMA_HOST', 'GITHUB_TOKEN', 'GITHUB_REPO', 'OCR_INGEST_ENABLED']),
    );
    expect(list.find((entry) => entry.key === 'OCR_INGEST_ENABLED')).toMatchObject({ value: 'true', configured: true });
    expect(list.find((entry) => entry.key === 'OPENAI_API_KEY')).toMatchObject({ configured: false, hint: null, source: null });
  });

  it('rejects unknown keys and malformed values without echoing them', async () => {
    const store = createSettingsStore(db.prisma, { encryptionKey: key, env: {} });
    await expect(store.set('AWS_SECRET', 'x', null)).rejects.toBeInstanceOf(UnknownSettingError);
    await expect(store.describe('AWS_SECRET')).rejects.toBeInstanceOf(UnknownSettingError);
    await expect(store.set('OCR_INGEST_ENABLED', 'maybe', null)).rejects.toBeInstanceOf(InvalidSettingValueError);
    await expect(store.set('OLLAMA_HOST', 'ftp://host', null)).rejects.toBeInstanceOf(InvalidSettingValueError);
    const error = await store.set('OPENAI_API_KEY', 'sk-has a space-in-it-1234567', null).catch((e: Error) => e);
    expect(error).toBeInstanceOf(InvalidSettingValueError);
    expect((error as Error).message).not.toContain('space-in-it');
  });
});
