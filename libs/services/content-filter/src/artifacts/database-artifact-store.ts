import type { Logger } from '@huntforge/platform';
import { sha256Of, type ModelArtifactRepository, type StoredArtifact } from '../repositories/model-artifact-repository';
import type { ArtifactStore, FoundArtifact, VersionRef } from './artifact-store';
import type { LocalArtifactFiles } from './local-artifact-files';

const LOCATOR_PREFIX = 'database:model_artifacts/';

/** How a model_versions row points at the database copy (model_file_path). */
export const databaseLocator = (version: number): string => `${LOCATOR_PREFIX}v${version}`;

/**
 * Artifacts in the database (model_artifacts), with this replica's files as cache and secondary copy.
 * The versioned row is a version's primary copy; the local files (this layout, or the paths a row
 * recorded before the database held artifacts) are its secondary. A row whose bytes no longer match
 * its checksum counts as missing.
 */
export class DatabaseArtifactStore implements ArtifactStore {
  constructor(
    private readonly artifacts: ModelArtifactRepository,
    private readonly files: LocalArtifactFiles,
    private readonly logger: Logger,
  ) {}

  writeStaging(bytes: Uint8Array): Promise<void> {
    return this.files.writeStaging(bytes);
  }

  readStaging(): Promise<Buffer> {
    return this.files.readStaging();
  }

  discardStaging(): Promise<void> {
    return this.files.discardStaging();
  }

  hasStaging(): Promise<boolean> {
    return this.files.hasStaging();
  }

  async promoteStaging(version: number): Promise<{ primary: string; secondary: string }> {
    const bytes = await this.files.readStaging();
    await this.artifacts.saveVersioned(version, bytes);
    const secondary = await this.files.writeVersion(version, bytes);
    await this.installLive(version, bytes);
    await this.files.discardStaging();
    return { primary: databaseLocator(version), secondary };
  }

  async findVersionArtifact(ref: VersionRef): Promise<FoundArtifact | null> {
    const stored = this.intact(await this.artifacts.findVersioned(ref.version));
    if (stored) return { bytes: stored.bytes, copy: 'primary' };
    const local = await this.files.readFirst(this.localCandidates(ref));
    return local ? { bytes: local.bytes, copy: 'secondary' } : null;
  }

  async installLive(version: number, bytes: Uint8Array): Promise<void> {
    await this.artifacts.setLive(version, bytes);
    await this.files.writeLive(bytes);
  }

  async readLive(version: number): Promise<Buffer | null> {
    const live = this.intact(await this.artifacts.findLive());
    return live?.version === version ? live.bytes : null;
  }

  readCachedLive(): Promise<Buffer | null> {
    return this.files.readLive();
  }

  cacheLive(bytes: Uint8Array): Promise<void> {
    return this.files.writeLive(bytes);
  }

  async importLocalCopy(ref: VersionRef): Promise<'imported' | 'stored' | 'missing'> {
    if (this.intact(await this.artifacts.findVersioned(ref.version))) return 'stored';
    const local = await this.files.readFirst(this.localCandidates(ref));
    if (!local) return 'missing';
    // Another replica may import the same version at the same moment: the first write wins, and it holds the same bytes.
    if (!(await this.artifacts.importVersioned(ref.version, local.bytes))) await this.artifacts.saveVersioned(ref.version, local.bytes);
    return 'imported';
  }

  /**
   * This replica's copies in its own layout. A row written before the database held artifacts recorded
   * local paths only, tried first; a newer row's secondary path names the training replica's disk, which
   * is this replica's layout whenever the replicas share one configuration.
   */
  private localCandidates(ref: VersionRef): string[] {
    const legacy = ref.primary.startsWith(LOCATOR_PREFIX) ? [] : [ref.primary, ref.secondary].filter((path): path is string => !!path);
    return [...new Set([...legacy, this.files.versionPath(ref.version), this.files.legacySecondaryPath(ref.version)])];
  }

  private intact(artifact: StoredArtifact | null): StoredArtifact | null {
    if (!artifact) return null;
    if (sha256Of(artifact.bytes) === artifact.sha256) return artifact;
    this.logger.warn(
      { version: artifact.version, kind: artifact.kind },
      'content-filter: stored artifact does not match its checksum; ignoring it',
    );
    return null;
  }
}
