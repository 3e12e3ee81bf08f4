import { findSettingDefinition, SETTING_DEFINITIONS, type SettingDefinition } from '@huntforge/contracts/settings';
import type { PrismaClient, Setting } from '../generated/prisma/client';
import { credentialsSentTo, pinnedWriteTime } from './credential-pin';
import { encryptSecret, secretHint } from './secrets';
import { createSettingsReader, type SettingsReader, type SettingsReaderOptions } from './settings-reader';

/** What the settings API shows of one key: never a sensitive value. */
export interface SettingView {
  key: string;
  value: string | null;
  sensitive: boolean;
  configured: boolean;
  hint: string | null;
  source: 'stored' | 'environment' | null;
  description: string;
  updatedAt: Date | null;
}

export class UnknownSettingError extends Error {
  constructor(readonly key: string) {
    super(`Unknown setting ${key}`);
    this.name = 'UnknownSettingError';
  }
}

export class InvalidSettingValueError extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`Invalid value for ${key}: ${reason}`);
    this.name = 'InvalidSettingValueError';
  }
}

export class EncryptionKeyMissingError extends Error {
  constructor(readonly key: string) {
    super(
      `${key} is a secret and SETTINGS_ENCRYPTION_KEY is not set, so it cannot be stored; set the key or supply ${key} through the environment`,
    );
    this.name = 'EncryptionKeyMissingError';
  }
}

export interface SettingsStore extends SettingsReader {
  describe(key: string): Promise<SettingView>;
  list(): Promise<SettingView[]>;
  /** Validates and stores (secrets encrypted); returns the new view. */
  set(key: string, value: string, actor: string | null): Promise<SettingView>;
  /** Removes the stored value, so the environment (if any) applies again. */
  remove(key: string): Promise<SettingView>;
}

function definitionOf(key: string): SettingDefinition {
  const definition = findSettingDefinition(key);
  if (!definition) throw new UnknownSettingError(key);
  return definition;
}

/** Normalises a value for its kind; messages never echo the value (it may be a credential). */
function normalise(definition: SettingDefinition, raw: string): string {
  const value = raw.trim();
  if (value === '') throw new InvalidSettingValueError(definition.key, 'it is empty (use DELETE to clear a setting)');
  switch (definition.kind) {
    case 'boolean':
      if (!/^(true|false|1|0)$/i.test(value)) throw new InvalidSettingValueError(definition.key, 'expected true or false');
      return /^(true|1)$/i.test(value) ? 'true' : 'false';
    case 'url': {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw new InvalidSettingValueError(definition.key, 'expected an http(s) URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new InvalidSettingValueError(definition.key, 'expected an http(s) URL');
      if (url.username || url.password) throw new InvalidSettingValueError(definition.key, 'credentials do not belong in the URL');
      return value.replace(/\/+$/, '');
    }
    case 'list':
      return value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
        .join(',');
    case 'string':
      if (definition.sensitive && /\s/.test(value))
        throw new InvalidSettingValueError(definition.key, 'a credential contains no whitespace');
      if (value.length > 4000) throw new InvalidSettingValueError(definition.key, 'longer than 4000 characters');
      return value;
  }
}

/**
 * The settings store behind /api/settings: the known-key catalogue, AES-256-GCM encryption of secrets
 * on write, hints, deletion and listing. Reads keep `createSettingsReader`'s rule: stored beats env.
 */
export function createSettingsStore(prisma: PrismaClient, options: SettingsReaderOptions = {}): SettingsStore {
  const env = options.env ?? process.env;
  const reader = createSettingsReader(prisma, options);

  /** When a credential or a base URL is written, ordered against its counterparts (see pinnedWriteTime). */
  const writeTime = async (key: string, definition: SettingDefinition): Promise<Date> => {
    const baseUrlKey = definition.sentTo?.baseUrlKey;
    const counterparts = baseUrlKey ? [baseUrlKey] : credentialsSentTo(key);
    if (counterparts.length === 0) return new Date();
    const rows = await prisma.setting.findMany({ where: { key: { in: counterparts } }, select: { value: true, updatedAt: true } });
    return pinnedWriteTime(new Date(), baseUrlKey ? 'credential' : 'base-url', rows);
  };

  const view = (definition: SettingDefinition, row: Setting | null): SettingView => {
    const base = { key: definition.key, sensitive: definition.sensitive, description: definition.description };
    if (row && (row.isSecret ? row.ciphertext !== null : row.value !== null)) {
      return {
        ...base,
        value: definition.sensitive || row.isSecret ? null : row.value,
        configured: true,
        hint: row.isSecret ? row.hint : null,
        source: 'stored',
        updatedAt: row.updatedAt,
      };
    }
    const fromEnv = env[definition.key]?.trim();
    if (!fromEnv) return { ...base, value: null, configured: false, hint: null, source: null, updatedAt: null };
    return {
      ...base,
      value: definition.sensitive ? null : fromEnv,
      configured: true,
      hint: definition.sensitive ? secretHint(fromEnv) : null,
      source: 'environment',
      updatedAt: null,
    };
  };

  return {
    get: (key) => reader.get(key),
    async describe(key) {
      const definition = definitionOf(key);
      return view(definition, await prisma.setting.findUnique({ where: { key } }));
    },
    async list() {
      const rows = await prisma.setting.findMany({ where: { key: { in: SETTING_DEFINITIONS.map((d) => d.key) } } });
      const byKey = new Map(rows.map((row) => [row.key, row]));
      return SETTING_DEFINITIONS.map((definition) => view(definition, byKey.get(definition.key) ?? null));
    },
    async set(key, raw, actor) {
      const definition = definitionOf(key);
      const value = normalise(definition, raw);
      let data: Pick<Setting, 'value' | 'isSecret' | 'ciphertext' | 'iv' | 'authTag' | 'hint'>;
      if (definition.sensitive) {
        if (!options.encryptionKey) throw new EncryptionKeyMissingError(key);
        data = { value: null, isSecret: true, ...encryptSecret(options.encryptionKey, value), hint: secretHint(value) };
      } else {
        data = { value, isSecret: false, ciphertext: null, iv: null, authTag: null, hint: null };
      }
      const current = await prisma.setting.findUnique({ where: { key } });
      // The same base URL again is no change: it must not withhold the credentials pinned to it.
      if (current && !current.isSecret && current.value === value && credentialsSentTo(key).length > 0) return view(definition, current);
      const updatedAt = await writeTime(key, definition);
      const row = await prisma.setting.upsert({
        where: { key },
        create: { key, ...data, updatedBy: actor, updatedAt },
        update: { ...data, updatedBy: actor, updatedAt },
      });
      return view(definition, row);
    },
    async remove(key) {
      const definition = definitionOf(key);
      if (credentialsSentTo(key).length === 0) {
        await prisma.setting.deleteMany({ where: { key } });
        return view(definition, null);
      }
      // A base URL's removal is a change too (the environment's URL applies again): keep the row without a
      // value, so its time still withholds the credentials entered for the URL that was removed.
      const current = await prisma.setting.findUnique({ where: { key } });
      if (current?.value == null) return view(definition, current);
      const row = await prisma.setting.update({ where: { key }, data: { value: null, updatedAt: await writeTime(key, definition) } });
      return view(definition, row);
    },
  };
}
