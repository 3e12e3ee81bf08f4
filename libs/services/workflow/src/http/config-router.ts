import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import { pageOffset, totalPages } from '@huntforge/contracts/http';
import { CONFIG_AGENT_NAMES, PROMPT_AGENT_NAMES } from '@huntforge/contracts/workflow';
import { actorOf, mountRoute } from '@huntforge/platform';
import { normalisePrompts } from '../prompts/prompt-input';
import { configVersionSummary, configView } from '../config/config-view';
import type { WorkflowConfigService } from '../config/config-service';
import { unknownAgentError } from '../prompts/unknown-agent';
import { fromFlatAgentModels } from '../config/flat-agent-models';
import { activateConfigVersion } from '../config/activate-version';
import type { ProviderAvailability } from '../config/provider-availability';

export function configRouter(service: WorkflowConfigService, availability?: ProviderAvailability): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowConfig, async () => configView(await service.active()));

  mountRoute(router, routes.putWorkflowConfig, async ({ body, req }) => {
    const flat = fromFlatAgentModels(body.agent_models ?? {});
    if (flat.unknown.length > 0) throw unknownAgentError(flat.unknown, CONFIG_AGENT_NAMES);
    const agents: Record<string, object> = { ...flat.agents };
    for (const [agent, change] of Object.entries(body.agents ?? {})) agents[agent] = { ...agents[agent], ...change };
    const result = await service.apply({
      thresholds: body.thresholds,
      agents,
      prompts: body.agent_prompts ? normalisePrompts(body.agent_prompts, PROMPT_AGENT_NAMES) : undefined,
      description: body.description,
      allowPromptWarnings: body.allow_prompt_warnings ?? false,
      enforceRules: true,
      actor: actorOf(req),
    });
    return { ...configView(result.record), created: result.created, warnings: result.warnings };
  });

  mountRoute(router, routes.patchWorkflowConfigAutoTriggerThreshold, async ({ body }) => {
    const record = await service.configs.setAutoTriggerThreshold(body.auto_trigger_hunt_score_threshold);
    return { version: record.version, auto_trigger_hunt_score_threshold: record.autoTriggerHuntScoreThreshold };
  });

  mountRoute(router, routes.getWorkflowConfigVersions, async ({ query }) => {
    await service.active();
    const { rows, total } = await service.configs.list({
      skip: pageOffset(query.page, query.limit),
      take: query.limit,
      version: query.version,
    });
    return {
      versions: rows.map(configVersionSummary),
      total,
      page: query.page,
      limit: query.limit,
      total_pages: totalPages(total, query.limit),
    };
  });

  mountRoute(router, routes.postWorkflowConfigVersionActivate, async ({ params, body, req }) => {
    const result = await activateConfigVersion(service, params.version, {
      allowPromptWarnings: body?.allow_prompt_warnings ?? true,
      allowUnavailableProviders: body?.allow_unavailable_providers ?? false,
      actor: actorOf(req),
      availability,
    });
    return { ...configView(result.record), created: result.created, warnings: result.warnings };
  });

  return router;
}
