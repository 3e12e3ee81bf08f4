import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** SHA-256 (hex) and size of a file, streamed so a large dump never sits in memory. */
export async function fingerprintFile(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { sha256: hash.digest('hex'), size: (await stat(path)).size };
}
