import { JunkClassifier } from '@huntforge/ml';
import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts';
import { HttpError, type Logger } from '@huntforge/platform';
import type { ModelVersion } from '@huntforge/data';
import type { ArtifactStore, VersionRef } from '../artifacts/artifact-store';
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
 * The bytes come from this replica's cached live file when it holds the current version, else from the
 * shared live artifact, else from the version's own artifact (primary, then secondary copy).
 */
export class LiveModel {
  private loaded: LoadedModel | null = null;
  private loading: Promise<LoadedModel> | null = null;
  private current: { row: CurrentVersion | null; checkedAt: number } | null = null;

  constructor(
    private readonly store: ArtifactStore,
    private readonly versions: Pick<ModelVersionRepository, 'findCurrent'>,
    private readonly logger: Logger,
    private readonly currentCheckMs = 1_000,
    private readonly onInference?: (seconds: number, vectors: number) => void,
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
    this.loading ??= this.load({ version: current.version, primary: current.modelFilePath, secondary: current.secondaryModelFilePath }).finally(() => {
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

  private async load(ref: VersionRef): Promise<LoadedModel> {
    const { version } = ref;
    let classifier = await this.tryLoad(await this.store.readCachedLive(), version);
    if (!classifier) {
      const sharedLive = async () => {
        const bytes = await this.store.readLive(version);
        return bytes && { bytes, copy: 'live' };
      };
      const sources: Array<() => Promise<{ bytes: Buffer; copy: string } | null>> = [sharedLive, () => this.store.findVersionArtifact(ref)];
      let found = false;
      for (const read of sources) {
        const artifact = await read();
        if (!artifact) continue;
        found = true;
        classifier = await this.tryLoad(artifact.bytes, version);
        if (!classifier) continue;
        await this.store.cacheLive(artifact.bytes);
        this.logger.info({ version, copy: artifact.copy }, 'content-filter: loaded the current model version');
        break;
      }
      if (!classifier && !found) {
        throw modelUnavailable(`The artifact of model version ${version} is missing from the database and from this replica's local copies; roll back to a version that has one, or retrain`);
      }
      if (!classifier) throw modelUnavailable(`The artifact of model version ${version} could not be loaded`);
    }
    await this.release();
    this.loaded = { version, classifier };
    return this.loaded;
  }

  /** The classifier when `bytes` is a loadable artifact of `version`, else null. */
  private async tryLoad(bytes: Uint8Array | null, version: number): Promise<JunkClassifier | null> {
    if (!bytes) return null;
    try {
      const classifier = await JunkClassifier.load(bytes, { onInference: this.onInference });
      if (classifier.metadata['version'] === String(version)) return classifier;
      await classifier.release();
      return null;
    } catch (error) {
      this.logger.warn({ version, reason: (error as Error).message }, 'content-filter: model artifact unusable');
      return null;
    }
  }
}
