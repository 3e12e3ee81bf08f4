import { z } from 'zod';

/** Topics published on the `huntforge` topic exchange. */
export const TOPICS = {
  articleIngested: 'article.ingested',
  workflowExecutionRequested: 'workflow.execution.requested',
  workflowExecutionFinished: 'workflow.execution.finished',
  sigmaRuleQueued: 'sigma.rule.queued',
  sigmaQueueChanged: 'sigma.queue.changed',
  settingsChanged: 'settings.changed',
  scheduledJobsChanged: 'scheduled-jobs.changed',
} as const;

export type Topic = (typeof TOPICS)[keyof typeof TOPICS];

/** Request/reply keys: synchronous questions the pipeline asks another service. */
export const REQUEST_KEYS = {
  contentFilterClassify: 'content-filter.classify',
  contentFilterDetectOs: 'content-filter.detect-os',
  /** The classification and the platform of one article, from one classification (what the pipeline asks). */
  contentFilterClassifyArticle: 'content-filter.classify-article',
  sigmaSimilaritySearch: 'sigma.similarity.search',
  sigmaQueueEnqueue: 'sigma.queue.enqueue',
  sigmaCorpusCoverage: 'sigma.corpus.coverage',
} as const;

export type RequestKey = (typeof REQUEST_KEYS)[keyof typeof REQUEST_KEYS];

/** Run a scheduled job now: answered by the service whose scheduler has the job, with its JobRun. */
export const scheduledJobRunKey = (jobId: string): string => `scheduled-job.run.${jobId}`;

/** Durable queue names shared by more than one service (a producer's health view and the consumer). */
export const QUEUES = {
  /** Competing workflow workers consume `workflow.execution.requested` from here; /api/health/celery reports on it. */
  workflowExecutions: 'workflow.executions',
} as const;

const positiveId = z.number().int().positive();

const scheduledJobSettingSchema = z.object({ enabled: z.boolean(), cron: z.string().min(1) });

export const scheduledJobsChangedPayloadSchema = z.object({
  /** The new setting of every job the change touched, keyed by job id. */
  jobs: z.record(z.string(), scheduledJobSettingSchema),
});

export const articleIngestedPayloadSchema = z.object({
  article_id: positiveId,
  hunt_score: z.number().min(0).max(100),
});

export const workflowExecutionRequestedPayloadSchema = z.object({ execution_id: positiveId });

// Minimal until their producers are written; consumers should only rely on these fields.
export const workflowExecutionFinishedPayloadSchema = z.object({ execution_id: positiveId, status: z.string().min(1) });
export const sigmaRuleQueuedPayloadSchema = z.object({ queue_id: positiveId });
export const sigmaQueueChangedPayloadSchema = z.object({ queue_id: positiveId });
export const settingsChangedPayloadSchema = z.object({ keys: z.array(z.string().min(1)) });

export type ScheduledJobsChangedPayload = z.infer<typeof scheduledJobsChangedPayloadSchema>;
export type ArticleIngestedPayload = z.infer<typeof articleIngestedPayloadSchema>;
export type WorkflowExecutionRequestedPayload = z.infer<typeof workflowExecutionRequestedPayloadSchema>;
export type WorkflowExecutionFinishedPayload = z.infer<typeof workflowExecutionFinishedPayloadSchema>;
export type SigmaRuleQueuedPayload = z.infer<typeof sigmaRuleQueuedPayloadSchema>;
export type SigmaQueueChangedPayload = z.infer<typeof sigmaQueueChangedPayloadSchema>;
export type SettingsChangedPayload = z.infer<typeof settingsChangedPayloadSchema>;

/** The payload schema of every topic, for validating a message before acting on it. */
export const TOPIC_PAYLOAD_SCHEMAS = {
  [TOPICS.articleIngested]: articleIngestedPayloadSchema,
  [TOPICS.workflowExecutionRequested]: workflowExecutionRequestedPayloadSchema,
  [TOPICS.workflowExecutionFinished]: workflowExecutionFinishedPayloadSchema,
  [TOPICS.sigmaRuleQueued]: sigmaRuleQueuedPayloadSchema,
  [TOPICS.sigmaQueueChanged]: sigmaQueueChangedPayloadSchema,
  [TOPICS.settingsChanged]: settingsChangedPayloadSchema,
  [TOPICS.scheduledJobsChanged]: scheduledJobsChangedPayloadSchema,
} as const satisfies Record<Topic, z.ZodType>;

export type TopicPayload<T extends Topic> = z.infer<(typeof TOPIC_PAYLOAD_SCHEMAS)[T]>;
