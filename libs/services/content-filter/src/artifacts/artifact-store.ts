/** Which copy of a version's artifact answered: the database (primary) or a local file (secondary). */
export type ArtifactCopy = 'primary' | 'secondary';

/** Where a version's two copies are, as recorded on its model_versions row. */
export interface VersionLocations {
  primary: string;
  secondary: string | null;
}

export interface VersionRef extends VersionLocations {
  version: number;
}

export interface FoundArtifact {
  bytes: Buffer;
  copy: ArtifactCopy;
}

/**
 * Where model artifacts are kept: the live model, a retrain's staging candidate, and each version's
 * artifact with a secondary copy used when the primary is missing. Every replica sees the same live and
 * versioned artifacts, so a retrain or rollback on one is served by all.
 */
export interface ArtifactStore {
  writeStaging(bytes: Uint8Array): Promise<void>;
  readStaging(): Promise<Buffer>;
  discardStaging(): Promise<void>;
  hasStaging(): Promise<boolean>;
  /** Staging becomes the version's artifact (both copies) and the live model; staging is removed last. */
  promoteStaging(version: number): Promise<{ primary: string; secondary: string }>;
  /** A version's bytes from the first copy that holds them intact, or null when neither does. */
  findVersionArtifact(ref: VersionRef): Promise<FoundArtifact | null>;
  /** Makes these bytes, the artifact of `version`, the live model for every replica. */
  installLive(version: number, bytes: Uint8Array): Promise<void>;
  /** The shared live model's bytes when it holds `version`, else null. */
  readLive(version: number): Promise<Buffer | null>;
  /** This replica's cached copy of the last live model it loaded (any version), or null. */
  readCachedLive(): Promise<Buffer | null>;
  cacheLive(bytes: Uint8Array): Promise<void>;
  /**
   * Copies a version's artifact from this replica's disk into the shared store when the shared store
   * lacks it (artifacts written before the database held them): imported, already stored, or missing here.
   */
  importLocalCopy(ref: VersionRef): Promise<'imported' | 'stored' | 'missing'>;
}
