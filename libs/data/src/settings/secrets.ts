import { createCipheriv, randomBytes } from 'node:crypto';

export interface EncryptedSecret {
  ciphertext: string;
  iv: string;
  authTag: string;
}

/** AES-256-GCM with a fresh 96-bit IV per write; all parts base64. */
export function encryptSecret(key: Buffer, plaintext: string): EncryptedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), authTag: cipher.getAuthTag().toString('base64') };
}

/**
 * A short, safe-to-show hint: the last four characters of a long secret, nothing of a short one
 * (four characters of an eight-character secret would give half of it away).
 */
export function secretHint(secret: string): string {
  return secret.length >= 16 ? `…${secret.slice(-4)}` : '••••';
}
