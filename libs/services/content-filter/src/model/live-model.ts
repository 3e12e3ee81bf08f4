import { JunkClassifier } from '@huntforge/ml';
import { CONTENT_FILTER_ERROR_CODES } from '@huntforge/contracts/content-filter';
import { HttpError, type Logger } from '@huntforge/platform';
import type { ModelVersionRecord } from '../records';
import type { ArtifactStore, VersionRef } from '../artifacts/artifact-store';
import type { ModelVersionRepository } from '../repositories/model-version-repository';

export interface LoadedModel {
  version: number;
  classifier: JunkClassifier;
}

/** A loaded classifier and who is using it: its ONNX session is released only once it is retired and unused. */
interface Holding extends LoadedModel {
  users: number;
  retired: boolean;
  released: boolean;
}

export function modelUnavailable(message: string): HttpError {
  return new HttpError(503, CONTENT_FILTER_ERROR_CODES.modelUnavailable, message);
}

type CurrentVersion = Pick<ModelVersionRecord, 'version' | 'modelFilePath' | 'secondaryModelFilePath'>;

/**
 * The classifier of the current model version, cached. It is lent, never handed out: `use` holds it for the
 * length of the caller's work, and a rollback or retrain (`clear`, or a newer version loading) retires it, its
 * session released only when the last user finishes, so a background re-scoring still running when the next
 * rollback lands never runs on a disposed session. Which version is current is read from the database
 * at most once per `currentCheckMs`, so a retrain or rollback done by another replica takes effect here
 * within that window (this replica's own retrain or rollback calls `clear`, which takes effect at once),
 * while a burst of classifications does not ask the same question for every article.
 * The bytes come from this replica's cached live file when it holds the current version, else from the
 * shared live artifact, else from the version's own artifact (primary, then secondary copy).
 */
export class LiveModel {
  private loaded: Holding | null = null;
  private loading: Promise<Holding> | null = null;
  private current: { row: CurrentVersion | null; checkedAt: number } | null = null;

  constructor(
    private readonly store: ArtifactStore,
    private readonly versions: Pick<ModelVersionRepository, 'findCurrent'>,
    private readonly logger: Logger,
    private readonly currentCheckMs = 1_000,
    private readonly onInference?: (seconds: number, vectors: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  private async currentVersion(): Promise<CurrentVersion | null> {
    const now = this.now();
    if (this.current && now - this.current.checkedAt < this.currentCheckMs) return this.current.row;
    const row = await this.versions.findCurrent();
    this.current = { row, checkedAt: now };
    return row;
  }

  /** Runs `work` with the current classifier, which stays usable (not released) until `work` settles. */
  async use<T>(work: (model: LoadedModel) => Promise<T>): Promise<T> {
    let holding = await this.currentHolding();
    // A clear() may have retired and released it while this call waited for the load: take the new one.
    while (holding.released) holding = await this.currentHolding();
    holding.users++;
    try {
      return await work({ version: holding.version, classifier: holding.classifier });
    } finally {
      holding.users--;
      await this.releaseIfIdle(holding);
    }
  }

  private async currentHolding(): Promise<Holding> {
    const current = await this.currentVersion();
    if (!current) throw modelUnavailable('No content-filter model version exists yet');
    if (this.loaded?.version === current.version) return this.loaded;
    this.loading ??= this.load({
      version: current.version,
      primary: current.modelFilePath,
      secondary: current.secondaryModelFilePath,
    }).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Drops the cached classifier and version check (rollback and retrain clear it); the next `use` asks and loads again. */
  async clear(): Promise<void> {
    this.current = null;
    await this.retire();
  }

  /** Retires the cached classifier; its session is released now if idle, else when its last user finishes. */
  private async retire(): Promise<void> {
    const previous = this.loaded;
    this.loaded = null;
    if (!previous) return;
    previous.retired = true;
    await this.releaseIfIdle(previous);
  }

  private async releaseIfIdle(holding: Holding): Promise<void> {
    if (!holding.retired || holding.users > 0 || holding.released) return;
    holding.released = true;
    await holding.classifier.release();
  }

  private async load(ref: VersionRef): Promise<Holding> {
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
        throw modelUnavailable(
          `The artifact of model version ${version} is missing from the database and from this replica's local copies; roll back to a version that has one, or retrain`,
        );
      }
      if (!classifier) throw modelUnavailable(`The artifact of model version ${version} could not be loaded`);
    }
    await this.retire();
    this.loaded = { version, classifier, users: 0, retired: false, released: false };
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
