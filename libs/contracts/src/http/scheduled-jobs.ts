import { z } from 'zod';

export const scheduledJobViewSchema = z
  .object({
    enabled: z.boolean(),
    cron: z.string().meta({ description: 'UTC crontab expression', example: '0 2 * * *' }),
    editable: z.boolean().meta({ description: 'False for fixed jobs, which PUT /api/scheduled-jobs refuses' }),
    default_cron: z.string(),
    description: z.string(),
    updated_at: z.iso.datetime().nullable().meta({ description: 'Null while the job runs on its catalogue default' }),
  })
  .meta({ id: 'ScheduledJob' });

export const scheduledJobsResponseSchema = z
  .object({ jobs: z.record(z.string(), scheduledJobViewSchema).meta({ description: 'Keyed by job id' }) })
  .meta({ id: 'ScheduledJobsResponse' });

export const scheduledJobSettingSchema = z
  .object({
    enabled: z.boolean(),
    cron: z.string().trim().min(1).meta({ example: '0 2 * * *' }),
  })
  .strict()
  .meta({ id: 'ScheduledJobSetting' });

export const updateScheduledJobsRequestSchema = z
  .object({
    jobs: z
      .record(z.string(), scheduledJobSettingSchema)
      .refine((jobs) => Object.keys(jobs).length > 0, { message: 'at least one job is required' })
      .meta({ description: 'Keyed by configurable job id' }),
  })
  .strict()
  .meta({ id: 'UpdateScheduledJobsRequest' });

export const scheduledJobIdParamsSchema = z
  .object({ job_id: z.string().min(1).meta({ example: 'sync_sigma_rules' }) })
  .meta({ id: 'ScheduledJobIdParams' });

export const jobRunSchema = z
  .object({
    id: z.number().int(),
    job_id: z.string(),
    holder: z.string().meta({ description: 'The replica (host:pid:service) that ran it' }),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    outcome: z.string().meta({ description: 'succeeded, failed, skipped (e.g. already running) or running' }),
    detail: z.unknown().meta({ description: "The job's result, or why it failed or was skipped" }),
  })
  .meta({ id: 'JobRun' });

export type ScheduledJobView = z.infer<typeof scheduledJobViewSchema>;
export type JobRun = z.infer<typeof jobRunSchema>;
export type ScheduledJobsResponse = z.infer<typeof scheduledJobsResponseSchema>;
export type ScheduledJobSetting = z.infer<typeof scheduledJobSettingSchema>;
export type UpdateScheduledJobsRequest = z.infer<typeof updateScheduledJobsRequestSchema>;
