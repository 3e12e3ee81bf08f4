import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type ArtifactCopy = 'primary' | 'secondary';

export interface VersionArtifacts {
  primary: string;
  secondary: string;
}

const MODEL_FILE = 'model.onnx';

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The model files under one root:
 *   live/model.onnx                    what classification loads
 *   staging/model.onnx                 a retrain's candidate until the gate decides
 *   versions/v<N>/model.onnx           each version's artifact (primary)
 *   versions-secondary/v<N>/model.onnx its copy, used when the primary is gone
 * Writes go to a temporary file first and are renamed into place, so a reader never sees half a model.
 */
export class ArtifactStore {
  constructor(readonly root: string) {}

  get livePath(): string {
    return join(this.root, 'live', MODEL_FILE);
  }

  get stagingPath(): string {
    return join(this.root, 'staging', MODEL_FILE);
  }

  versionPaths(version: number): VersionArtifacts {
    return {
      primary: join(this.root, 'versions', `v${version}`, MODEL_FILE),
      secondary: join(this.root, 'versions-secondary', `v${version}`, MODEL_FILE),
    };
  }

  async writeStaging(bytes: Uint8Array): Promise<string> {
    await this.atomicWrite(this.stagingPath, bytes);
    return this.stagingPath;
  }

  readStaging(): Promise<Buffer> {
    return readFile(this.stagingPath);
  }

  async discardStaging(): Promise<void> {
    await rm(this.stagingPath, { force: true });
  }

  async hasStaging(): Promise<boolean> {
    return exists(this.stagingPath);
  }

  /** Staging → both version copies and the live path; staging is removed last. */
  async promoteStaging(version: number): Promise<VersionArtifacts> {
    const paths = this.versionPaths(version);
    for (const target of [paths.primary, paths.secondary, this.livePath]) await this.atomicCopy(this.stagingPath, target);
    await this.discardStaging();
    return paths;
  }

  async readLive(): Promise<Buffer | null> {
    return (await exists(this.livePath)) ? readFile(this.livePath) : null;
  }

  /** A version's artifact from the first copy that exists: the stored paths first, then this store's layout. */
  async findVersionArtifact(stored: { primary: string; secondary: string | null }, version: number): Promise<{ path: string; copy: ArtifactCopy } | null> {
    const layout = this.versionPaths(version);
    const candidates: Array<[string | null, ArtifactCopy]> = [
      [stored.primary, 'primary'],
      [stored.secondary, 'secondary'],
      [layout.primary, 'primary'],
      [layout.secondary, 'secondary'],
    ];
    for (const [path, copy] of candidates) if (path && (await exists(path))) return { path, copy };
    return null;
  }

  /** Puts a version's artifact on the live path. */
  async installLive(sourcePath: string): Promise<void> {
    await this.atomicCopy(sourcePath, this.livePath);
  }

  private async atomicWrite(target: string, bytes: Uint8Array): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, target);
  }

  private async atomicCopy(source: string, target: string): Promise<void> {
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await copyFile(source, temporary);
    await rename(temporary, target);
  }
}
