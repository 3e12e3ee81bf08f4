import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from './config';
import { decodeEncryptionKey } from './encryption-key';

/** Where an all-in-one keeps the key it generated for itself, beside the embedded database. */
export const LOCAL_KEY_FILE = 'settings-encryption.key';

export class LocalEncryptionKeyError extends Error {
  constructor(path: string) {
    super(`${path} does not hold a 32-byte key (64 hex characters or base64); restore it from a backup or set SETTINGS_ENCRYPTION_KEY`);
    this.name = 'LocalEncryptionKeyError';
  }
}

export interface LocalKeyOutcome {
  config: AppConfig;
  /** The file the key came from, and whether this start created it; null when the environment set the key. */
  keyFile: { path: string; created: boolean } | null;
}

/**
 * Gives an all-in-one without SETTINGS_ENCRYPTION_KEY a key of its own in DATA_DIR (created once with
 * mode 0600), so `npm start` on a fresh machine can store provider credentials from the settings page.
 * The distributed shape never does this: its apps must share one key, so it stays the operator's choice.
 */
export function withLocalEncryptionKey(config: AppConfig): LocalKeyOutcome {
  if (config.settingsEncryptionKey || config.shape !== 'all-in-one') return { config, keyFile: null };
  const path = join(config.dataDir, LOCAL_KEY_FILE);
  let created = false;
  if (!existsSync(path)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      created = true;
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = readFileSync(path, 'utf8').trim();
  if (!decodeEncryptionKey(key)) throw new LocalEncryptionKeyError(path);
  return { config: { ...config, settingsEncryptionKey: key }, keyFile: { path, created } };
}
