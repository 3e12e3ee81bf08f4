import { createDecipheriv } from 'node:crypto';
import type { PrismaClient } from '../generated/prisma/client';
import { assertEnvironmentCredentialPinned, assertStoredCredentialPinned, baseUrlKeyOf } from './credential-pin';

/**
 * Reads one runtime setting by its environment-variable name (`OPENAI_API_KEY`, `GITHUB_REPO`, ...).
 * A value stored through the settings API wins over the environment; secrets are decrypted here and
 * must never be logged or returned by a caller. A credential whose base URL changed since it was entered
 * is refused with CredentialBaseUrlChangedError (see credential-pin.ts).
 */
export interface SettingsReader {
  get(key: string): Promise<string | undefined>;
}

export interface SettingsReaderOptions {
  /** 32-byte AES-256-GCM key (SETTINGS_ENCRYPTION_KEY decoded); without it stored secrets are unreadable. */
  encryptionKey?: Buffer | null;
  /** Fallback values, normally `process.env`. */
  env?: Record<string, string | undefined>;
}

export class SettingDecryptionError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`setting ${key} cannot be decrypted: ${reason}`);
    this.name = 'SettingDecryptionError';
  }
}

export function decryptSecret(key: Buffer, row: { ciphertext: string; iv: string; authTag: string }): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(row.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(row.authTag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(row.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

/**
 * The stored secrets `encryptionKey` cannot decrypt (none when every one decrypts). Checked at start so
 * a wrong SETTINGS_ENCRYPTION_KEY is reported by name there, not first met as a failing provider call.
 */
export async function undecryptableSecrets(prisma: PrismaClient, encryptionKey: Buffer | null): Promise<string[]> {
  const rows = await prisma.setting.findMany({ where: { isSecret: true }, orderBy: { key: 'asc' } });
  return rows
    .filter((row) => {
      if (!row.ciphertext || !row.iv || !row.authTag) return false;
      if (!encryptionKey) return true;
      try {
        decryptSecret(encryptionKey, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.authTag });
        return false;
      } catch {
        return true;
      }
    })
    .map((row) => row.key);
}

export function createSettingsReader(prisma: PrismaClient, options: SettingsReaderOptions = {}): SettingsReader {
  const env = options.env ?? process.env;
  /** The row of the base URL a credential is sent to (null for other settings, or when none is stored). */
  const baseUrlRow = (key: string) => {
    const baseUrlKey = baseUrlKeyOf(key);
    return baseUrlKey ? prisma.setting.findUnique({ where: { key: baseUrlKey } }) : Promise.resolve(null);
  };
  return {
    async get(key) {
      const row = await prisma.setting.findUnique({ where: { key } });
      if (row?.isSecret && row.ciphertext && row.iv && row.authTag) {
        if (!options.encryptionKey) throw new SettingDecryptionError(key, 'SETTINGS_ENCRYPTION_KEY is not set');
        let value: string;
        try {
          value = decryptSecret(options.encryptionKey, { ciphertext: row.ciphertext, iv: row.iv, authTag: row.authTag });
        } catch {
          throw new SettingDecryptionError(key, 'wrong SETTINGS_ENCRYPTION_KEY or tampered ciphertext');
        }
        assertStoredCredentialPinned(key, row, await baseUrlRow(key));
        return value;
      }
      if (row && !row.isSecret && row.value !== null) return row.value;
      const fromEnv = env[key];
      if (fromEnv === undefined || fromEnv === '') return undefined;
      assertEnvironmentCredentialPinned(key, await baseUrlRow(key), env);
      return fromEnv;
    },
  };
}
