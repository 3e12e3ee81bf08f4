import { z } from 'zod';

/**
 * The part of a config snapshot the pipeline reads. Stages read only the snapshot stored on the
 * execution, never the active config, so a config change never alters a run in flight.
 */
const agentSettingsSchema = z
  .object({
    provider: z.string().default('builtin'),
    model: z.string().nullish(),
    enabled: z.boolean().default(true),
    temperature: z.number().nullish(),
    top_p: z.number().nullish(),
    effort: z.string().nullish(),
  })
  .passthrough();

export const pipelineSnapshotSchema = z
  .object({
    version: z.number().int().nullish(),
    thresholds: z
      .object({
        MinHuntScore: z.number().default(97),
        RankingThreshold: z.number().default(6),
        SimilarityThreshold: z.number().default(0.5),
        JunkFilterThreshold: z.number().default(0.8),
      })
      .passthrough()
      .default({ MinHuntScore: 97, RankingThreshold: 6, SimilarityThreshold: 0.5, JunkFilterThreshold: 0.8 }),
    agents: z.record(z.string(), agentSettingsSchema).default({}),
    prompts: z.record(z.string(), z.unknown()).default({}),
    eval_run: z.boolean().optional(),
    /** The subagent an evaluation execution measures: only its extractor runs. */
    eval_subagent: z.string().optional(),
    /** The article's labelled platform: a Sigma evaluation routes the extractors by it (OS detection is skipped). */
    eval_platform: z.string().optional(),
  })
  .passthrough();

export type PipelineSnapshot = z.infer<typeof pipelineSnapshotSchema>;
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

export function readSnapshot(raw: unknown): PipelineSnapshot {
  return pipelineSnapshotSchema.parse(raw ?? {});
}

export function agentSettings(snapshot: PipelineSnapshot, agent: string): AgentSettings {
  return snapshot.agents[agent] ?? agentSettingsSchema.parse({});
}
