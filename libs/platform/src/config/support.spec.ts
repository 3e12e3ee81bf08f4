import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { describeConfig } from './describe-config';
import { loadDotEnv } from './dotenv';
import { decodeEncryptionKey } from './encryption-key';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['localhost.example.com', false],
    ['::ffff:10.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});

describe('decodeEncryptionKey', () => {
  it('decodes hex, base64 and base64url to the same 32 bytes', () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7));
    expect(decodeEncryptionKey(key.toString('hex'))).toEqual(key);
    expect(decodeEncryptionKey(key.toString('base64'))).toEqual(key);
    expect(decodeEncryptionKey(key.toString('base64url'))).toEqual(key);
  });

  it('rejects other lengths and alphabets', () => {
    expect(decodeEncryptionKey(Buffer.alloc(16).toString('hex'))).toBeNull();
    expect(decodeEncryptionKey(Buffer.alloc(31).toString('base64'))).toBeNull();
    expect(decodeEncryptionKey('z'.repeat(64))).toBeNull();
  });
});

describe('describeConfig', () => {
  it('masks URL passwords and never includes the encryption or signing key', () => {
    const key = 'ef'.repeat(32);
    const signingKey = '12'.repeat(32);
    const config = loadConfig(
      {
        DATABASE_URL: 'postgresql://hf:s3cret-db@db:5432/huntforge',
        AMQP_URL: 'amqp://hf:s3cret-mq@mq:5672',
        SETTINGS_ENCRYPTION_KEY: key,
        IDENTITY_SIGNING_KEY: signingKey,
      },
      { shape: 'distributed', service: 'workflow' },
    );
    const described = describeConfig(config);
    const text = JSON.stringify(described);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain(key);
    expect(text).not.toContain(signingKey);
    expect(described).toMatchObject({
      identitySigningKeySet: true,
      service: 'workflow',
      database: 'postgresql://hf:***@db:5432/huntforge',
      broker: 'amqp://hf:***@mq:5672',
      settingsEncryptionKeySet: true,
    });
  });
});

describe('loadDotEnv', () => {
  const dir = mkdtempSync(join(tmpdir(), 'huntforge-dotenv-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('loads variables from the file without overriding ones already set', () => {
    const path = join(dir, '.env');
    writeFileSync(path, 'NEW_VALUE=from-file\nPRESET=from-file\nQUOTED="a b"\n');
    const env: NodeJS.ProcessEnv = { PRESET: 'from-environment' };

    expect(loadDotEnv({ path, env })).toBe(path);
    expect(env).toEqual({ NEW_VALUE: 'from-file', PRESET: 'from-environment', QUOTED: 'a b' });
  });

  it('returns null and changes nothing when there is no file', () => {
    const env: NodeJS.ProcessEnv = {};
    expect(loadDotEnv({ path: join(dir, 'missing.env'), env })).toBeNull();
    expect(env).toEqual({});
  });
});
