import type { Bus } from '@huntforge/bus';
import type { ArticleTextReader, JobLockRepository, SettingsReader } from '@huntforge/data';
import type { Logger } from '@huntforge/platform';
import type { ArtifactStore } from './artifacts/artifact-store';
import type { FixtureSets } from './artifacts/fixtures';
import type { BackgroundTasks } from './background-tasks';
import type { ContentFilterConfig } from './config';
import type { LiveModel } from './model/live-model';
import type { AnnotationReader } from './repositories/annotation-reader';
import type { ChunkAnalysisRepository } from './repositories/chunk-analysis-repository';
import type { ChunkDebugProgressRepository } from './repositories/chunk-debug-progress-repository';
import type { FeedbackRepository } from './repositories/feedback-repository';
import type { ModelVersionRepository } from './repositories/model-version-repository';
import type { RetrainRunRepository } from './repositories/retrain-run-repository';

/**
 * Every port the module builds, once. No use case takes this whole record: each declares the few ports
 * (and methods) it uses, so its signature says what it touches and a test can hand it just those.
 */
export interface ContentFilterPorts {
  config: ContentFilterConfig;
  logger: Logger;
  bus: Bus;
  settings: SettingsReader;
  locks: JobLockRepository;
  /** Identifies this module instance as a lock holder. */
  holder: string;
  store: ArtifactStore;
  fixtures: FixtureSets;
  model: LiveModel;
  articles: ArticleTextReader;
  annotations: AnnotationReader;
  analyses: ChunkAnalysisRepository;
  progress: ChunkDebugProgressRepository;
  feedback: FeedbackRepository;
  versions: ModelVersionRepository;
  runs: RetrainRunRepository;
  background: BackgroundTasks;
}
