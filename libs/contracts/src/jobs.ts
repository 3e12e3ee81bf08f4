import type { ServiceName } from './services';

/** A time-driven job of the spec (UTC crontab). */
export interface ScheduledJobDefinition {
  id: string;
  defaultCron: string;
  /** Configurable through PUT /api/scheduled-jobs; fixed jobs always run on their default schedule. */
  editable: boolean;
  enabledByDefault: boolean;
  /** The service whose scheduler runs the job. */
  owner: ServiceName;
  description: string;
}

export const SCHEDULED_JOBS: readonly ScheduledJobDefinition[] = [
  {
    id: 'check_all_sources',
    defaultCron: '*/30 * * * *',
    editable: false,
    enabledByDefault: true,
    owner: 'ingestion',
    description: 'Checks all sources for new articles.',
  },
  {
    id: 'cleanup_old_data',
    defaultCron: '0 2 * * *',
    editable: true,
    enabledByDefault: true,
    owner: 'ingestion',
    description: 'Removes data past its retention.',
  },
  {
    id: 'embed_new_articles',
    defaultCron: '0 15 * * *',
    editable: true,
    enabledByDefault: true,
    owner: 'ingestion',
    description: 'Embeds articles that have no embedding yet.',
  },
  {
    id: 'sync_sigma_rules',
    defaultCron: '0 4 * * 0',
    editable: true,
    enabledByDefault: true,
    owner: 'sigma-queue',
    description: 'Syncs the reference Sigma rules.',
  },
  {
    id: 'update_provider_model_catalogs',
    defaultCron: '0 4 * * *',
    editable: true,
    enabledByDefault: true,
    owner: 'workflow',
    description:
      'Refreshes the model lists of the hosted providers into the model catalog and reports models missing from the capabilities file.',
  },
  {
    id: 'index_customer_repo',
    defaultCron: '30 4 * * *',
    editable: false,
    enabledByDefault: true,
    owner: 'sigma-queue',
    description: 'Indexes the local customer Sigma repository (SIGMA_REPO_PATH) into the dedup corpus; runs under a lock.',
  },
  {
    id: 'generate_annotation_embeddings',
    defaultCron: '0 4 * * 0',
    editable: false,
    enabledByDefault: false,
    owner: 'ingestion',
    description: 'Embeds article annotations. Disabled.',
  },
];

/** The job ids PUT /api/scheduled-jobs accepts. */
export const CONFIGURABLE_JOB_IDS: readonly string[] = SCHEDULED_JOBS.filter((job) => job.editable).map((job) => job.id);

export function findScheduledJob(id: string): ScheduledJobDefinition | undefined {
  return SCHEDULED_JOBS.find((job) => job.id === id);
}
