import { JunkClassifier } from '@huntforge/ml';
import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import type { ModelVersion } from '@huntforge/data';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { ModelVersionRepository } from '../repositories/model-version-repository';

export interface LoadedModel {
  version: number;
  classifier: JunkClassifier;
}

export function modelUnavailable(message: string): HttpError {
  return new HttpError(503, CONTENT_FILTER_ERROR_CODES.modelUnavailable, message);
}

type CurrentVersion = Pick<ModelVersion, 'version' | 'modelFilePath' | 'secondaryModelFilePath'>;

/**
 * The classifier of the current model version, cached. Which version is current is read from the database
 * at most once per `currentCheckMs`, so a retrain or rollback done by another replica takes effect here
 * within that window (this replica's own retrain or rollback calls `clear`, which takes effect at once),
 * while a burst of classifications does not ask the same question for every article.
 * The live file is used when it holds the current version; otherwise the version's artifact is installed.
 */
export class LiveModel {
  private loaded: LoadedModel | null = null;
  private loading: Promise<LoadedModel> | null = null;
  private current: { row: CurrentVersion | null; checkedAt: number } | null = null;

  constructor(
    private readonly store: ArtifactStore,
    private readonly versions: ModelVersionRepository,
    private readonly logger: Logger,
    private readonly currentCheckMs = 1_000,
  ) {}

  private async currentVersion(): Promise<CurrentVersion | null> {
    const now = Date.now();
    if (this.current && now - this.current.checkedAt < this.currentCheckMs) return this.current.row;
    const row = await this.versions.findCurrent();
    this.current = { row, checkedAt: now };
    return row;
  }

  async get(): Promise<LoadedModel> {
    const current = await this.currentVersion();
    if (!current) throw modelUnavailable('No content-filter model version exists yet');
    if (this.loaded?.version === current.version) return this.loaded;
    this.loading ??= this.load(current.version, current.modelFilePath, current.secondaryModelFilePath).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Drops the cached classifier and version check (rollback and retrain clear it); the next `get` asks and loads again. */
  async clear(): Promise<void> {
    this.current = null;
    await this.release();
  }

  private async release(): Promise<void> {
    const previous = this.loaded;
    this.loaded = null;
    await previous?.classifier.release();
  }

  private async load(version: number, primary: string, secondary: string | null): Promise<LoadedModel> {
    let bytes = await this.store.readLive();
    let classifier = bytes ? await this.tryLoad(bytes, version) : null;
    if (!classifier) {
      const artifact = await this.store.findVersionArtifact({ primary, secondary }, version);
      if (!artifact) throw modelUnavailable(`The artifact of model version ${version} is missing from both copies`);
      await this.store.installLive(artifact.path);
      this.logger.info({ version, copy: artifact.copy }, 'content-filter: installed the current version on the live path');
      bytes = await this.store.readLive();
      classifier = bytes ? await this.tryLoad(bytes, version) : null;
      if (!classifier) throw modelUnavailable(`The artifact of model version ${version} could not be loaded`);
    }
    await this.release();
    this.loaded = { version, classifier };
    return this.loaded;
  }

  /** The classifier when `bytes` is a loadable artifact of `version`, else null. */
  private async tryLoad(bytes: Uint8Array, version: number): Promise<JunkClassifier | null> {
    try {
      const classifier = await JunkClassifier.load(bytes);
      if (classifier.metadata['version'] === String(version)) return classifier;
      await classifier.release();
      return null;
    } catch (error) {
      this.logger.warn({ version, reason: (error as Error).message }, 'content-filter: live artifact unusable');
      return null;
    }
  }
}
