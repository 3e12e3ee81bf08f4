import { Router, type Request } from 'express';
import {
  CONFIG_AGENT_NAMES,
  PROMPT_AGENT_NAMES,
  autoTriggerThresholdRequestSchema,
  configVersionsQuerySchema,
  pageOffset,
  totalPages,
  updateWorkflowConfigRequestSchema,
  type ConfigVersionsResponse,
  type UpdateWorkflowConfigResponse,
} from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import { normalisePrompts } from '../prompts/prompt-input';
import { configVersionSummary, configView } from './config-view';
import { unknownAgentError, type WorkflowConfigService } from './config-service';
import { fromFlatAgentModels } from './flat-agent-models';

/** The caller the gateway vouched for (x-huntforge-actor), for version records. */
export function actorOf(req: Request): string | null {
  const actor = req.headers['x-huntforge-actor'];
  return typeof actor === 'string' ? actor : null;
}

export function configRouter(service: WorkflowConfigService): Router {
  const router = Router();

  router.get('/api/workflow/config', async (_req, res) => {
    res.json(configView(await service.active()));
  });

  router.put('/api/workflow/config', async (req, res) => {
    const body = parseOrThrow(updateWorkflowConfigRequestSchema, req.body, 'body');
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
    const response: UpdateWorkflowConfigResponse = { ...configView(result.record), created: result.created, warnings: result.warnings };
    res.json(response);
  });

  router.patch('/api/workflow/config/auto-trigger-threshold', async (req, res) => {
    const { auto_trigger_hunt_score_threshold } = parseOrThrow(autoTriggerThresholdRequestSchema, req.body, 'body');
    const record = await service.configs.setAutoTriggerThreshold(auto_trigger_hunt_score_threshold);
    res.json({ version: record.version, auto_trigger_hunt_score_threshold: record.autoTriggerHuntScoreThreshold });
  });

  router.get('/api/workflow/config/versions', async (req, res) => {
    const query = parseOrThrow(configVersionsQuerySchema, req.query, 'query');
    await service.active();
    const { rows, total } = await service.configs.list({ skip: pageOffset(query.page, query.limit), take: query.limit, version: query.version });
    const response: ConfigVersionsResponse = {
      versions: rows.map(configVersionSummary),
      total,
      page: query.page,
      limit: query.limit,
      total_pages: totalPages(total, query.limit),
    };
    res.json(response);
  });

  return router;
}
