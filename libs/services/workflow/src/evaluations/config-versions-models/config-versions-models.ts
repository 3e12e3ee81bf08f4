import { EVAL_SUBAGENT_AGENTS, type ConfigVersionsModelsResponse } from '@huntforge/contracts/workflow';
import { normaliseSettings } from '../../repositories/config-repository';
import type { EvaluationRepository } from '../../repositories/evaluation-repository';

export interface ConfigVersionsModelsDeps {
  evaluations: Pick<EvaluationRepository, 'configVersions'>;
}

/** Config versions newest first, with the provider and model each evaluated agent had in them. */
export async function configVersionsModels(deps: ConfigVersionsModelsDeps): Promise<ConfigVersionsModelsResponse> {
  const rows = await deps.evaluations.configVersions();
  return {
    versions: rows.map((row) => {
      const settings = normaliseSettings(row.config);
      const agents = Object.fromEntries(
        Object.values(EVAL_SUBAGENT_AGENTS).map((agent) => {
          const setting = settings.agents[agent as keyof typeof settings.agents] as
            { provider?: string; model?: string | null } | undefined;
          const provider = setting?.provider ?? 'builtin';
          return [agent, { provider, model: provider === 'builtin' ? null : (setting?.model ?? null) }];
        }),
      );
      return {
        config_version: row.version,
        is_active: row.isActive,
        created_at: row.createdAt.toISOString(),
        description: row.description,
        agents,
      };
    }),
  };
}
