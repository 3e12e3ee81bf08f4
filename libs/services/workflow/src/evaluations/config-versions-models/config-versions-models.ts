import { EVAL_SUBAGENT_AGENTS, type ConfigVersionsModelsResponse } from '@huntforge/contracts/workflow';
import type { WorkflowConfigRepository } from '../../repositories/config-repository';

export interface ConfigVersionsModelsDeps {
  configs: Pick<WorkflowConfigRepository, 'all'>;
}

/** Config versions newest first, with the provider and model each evaluated agent had in them. */
export async function configVersionsModels(deps: ConfigVersionsModelsDeps): Promise<ConfigVersionsModelsResponse> {
  const records = await deps.configs.all();
  return {
    versions: records.map((record) => {
      const settings = record.settings;
      const agents = Object.fromEntries(
        Object.values(EVAL_SUBAGENT_AGENTS).map((agent) => {
          const setting = settings.agents[agent as keyof typeof settings.agents] as
            { provider?: string; model?: string | null } | undefined;
          const provider = setting?.provider ?? 'builtin';
          return [agent, { provider, model: provider === 'builtin' ? null : (setting?.model ?? null) }];
        }),
      );
      return {
        config_version: record.version,
        is_active: record.isActive,
        created_at: record.createdAt.toISOString(),
        description: record.description,
        agents,
      };
    }),
  };
}
