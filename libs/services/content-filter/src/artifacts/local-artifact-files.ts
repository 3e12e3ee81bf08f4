import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const MODEL_FILE = 'model.onnx';

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * This replica's model files under one root. The database holds the shared copies; these files are a
 * cache (live), a retrain's scratch space (staging) and a second copy of each version this replica made:
 *   live/model.onnx                    the last model this replica loaded
 *   staging/model.onnx                 a retrain's candidate until the gate decides
 *   versions/v<N>/model.onnx           a version's local copy
 *   versions-secondary/v<N>/model.onnx the second local copy releases before the database store wrote
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a model.
 */
export class LocalArtifactFiles {
  constructor(readonly root: string) {}

  get livePath(): string {
    return join(this.root, 'live', MODEL_FILE);
  }

  get stagingPath(): string {
    return join(this.root, 'staging', MODEL_FILE);
  }

  versionPath(version: number): string {
    return join(this.root, 'versions', `v${version}`, MODEL_FILE);
  }

  legacySecondaryPath(version: number): string {
    return join(this.root, 'versions-secondary', `v${version}`, MODEL_FILE);
  }

  writeStaging(bytes: Uint8Array): Promise<void> {
    return this.atomicWrite(this.stagingPath, bytes);
  }

  readStaging(): Promise<Buffer> {
    return readFile(this.stagingPath);
  }

  async discardStaging(): Promise<void> {
    await rm(this.stagingPath, { force: true });
  }

  hasStaging(): Promise<boolean> {
    return isFile(this.stagingPath);
  }

  async readLive(): Promise<Buffer | null> {
    return (await this.readFirst([this.livePath]))?.bytes ?? null;
  }

  writeLive(bytes: Uint8Array): Promise<void> {
    return this.atomicWrite(this.livePath, bytes);
  }

  async writeVersion(version: number, bytes: Uint8Array): Promise<string> {
    const path = this.versionPath(version);
    await this.atomicWrite(path, bytes);
    return path;
  }

  /** The first of `paths` that is a readable file. */
  async readFirst(paths: string[]): Promise<{ path: string; bytes: Buffer } | null> {
    for (const path of paths) {
      if (!(await isFile(path))) continue;
      try {
        return { path, bytes: await readFile(path) };
      } catch {
        // Removed between the check and the read: try the next one.
      }
    }
    return null;
  }

  private async atomicWrite(target: string, bytes: Uint8Array): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    // Unique per write: a rollback installing the live model and a re-scoring caching it can write in the same
    // millisecond, and a shared temporary name made the second rename fail (ENOENT) once the first had moved it.
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }
}
