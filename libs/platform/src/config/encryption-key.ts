const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/**
 * Decodes SETTINGS_ENCRYPTION_KEY: 32 bytes written as 64 hex characters or as base64 (standard or
 * URL-safe). Returns null for anything else so callers can report the problem without echoing the value.
 */
export function decodeEncryptionKey(value: string): Buffer | null {
  if (HEX_KEY.test(value)) return Buffer.from(value, 'hex');
  if (!BASE64_KEY.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}
