import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { decodeEncryptionKey } from './encryption-key';
import { LOCAL_KEY_FILE, LocalEncryptionKeyError, withLocalEncryptionKey } from './local-encryption-key';

describe('withLocalEncryptionKey', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'hf-key-')), 'data');
  });
  afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

  const allInOne = (env: Record<string, string> = {}) =>
    loadConfig({ DATA_DIR: dataDir, ...env }, { shape: 'all-in-one', service: 'all-in-one' });

  it('creates a private 32-byte key in DATA_DIR on first start and reuses it afterwards', () => {
    const first = withLocalEncryptionKey(allInOne());
    const path = join(dataDir, LOCAL_KEY_FILE);
    expect(first.keyFile).toEqual({ path, created: true });
    expect(decodeEncryptionKey(first.config.settingsEncryptionKey ?? '')?.length).toBe(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const second = withLocalEncryptionKey(allInOne());
    expect(second.keyFile).toEqual({ path, created: false });
    expect(second.config.settingsEncryptionKey).toBe(first.config.settingsEncryptionKey);
    expect(readFileSync(path, 'utf8').trim()).toBe(first.config.settingsEncryptionKey);
  });

  it('leaves a key set in the environment alone and writes no file', () => {
    const key = 'ab'.repeat(32);
    const outcome = withLocalEncryptionKey(allInOne({ SETTINGS_ENCRYPTION_KEY: key }));
    expect(outcome).toEqual({ config: expect.objectContaining({ settingsEncryptionKey: key }), keyFile: null });
    expect(() => statSync(join(dataDir, LOCAL_KEY_FILE))).toThrow();
  });

  it('never invents a key for the distributed shape, whose apps must share one', () => {
    const config = loadConfig(
      { DATA_DIR: dataDir, DATABASE_URL: 'postgresql://db/huntforge', AMQP_URL: 'amqp://mq', IDENTITY_SIGNING_KEY: 'cd'.repeat(32) },
      { shape: 'distributed', service: 'gateway' },
    );
    expect(withLocalEncryptionKey(config)).toEqual({ config, keyFile: null });
  });

  it('refuses a damaged key file instead of silently replacing it (stored secrets would be lost)', () => {
    withLocalEncryptionKey(allInOne());
    writeFileSync(join(dataDir, LOCAL_KEY_FILE), 'not a key\n');
    expect(() => withLocalEncryptionKey(allInOne())).toThrow(LocalEncryptionKeyError);
    expect(readFileSync(join(dataDir, LOCAL_KEY_FILE), 'utf8')).toBe('not a key\n');
  });
});
