import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import {
  ANY_PROMPT_AGENT_NAMES,
  PROMPT_AGENT_NAMES,
  REMOVED_AGENT_NAMES,
  WORKFLOW_ERROR_CODES,
  type AnyPromptAgentName,
  type PromptChangeResponse,
  type PromptVersionView,
  type PromptView,
} from '@huntforge/contracts/workflow';
import { actorOf, HttpError, mountRoute } from '@huntforge/platform';
import type { WorkflowConfigService } from '../config/config-service';
import { unknownAgentError } from '../prompts/unknown-agent';
import type { PromptVersionRecord, StoredPrompt } from '../repositories/prompt-repository';
import { systemPromptOf } from '../prompts/default-prompts';
import { normalisePrompts } from '../prompts/prompt-input';

/** v2 routes (versions, by-config-version, rollback, bootstrap, reset) take the nine; the legacy routes also the auxiliary keys. */
function checkAgent(name: string, legacy: boolean): AnyPromptAgentName {
  const allowed: readonly string[] = legacy ? ANY_PROMPT_AGENT_NAMES : PROMPT_AGENT_NAMES;
  if (allowed.includes(name)) return name as AnyPromptAgentName;
  const removed = (REMOVED_AGENT_NAMES as readonly string[]).includes(name);
  if (removed)
    throw new HttpError(
      400,
      WORKFLOW_ERROR_CODES.unknownAgent,
      `${name} was removed with the QA agents and is no longer a valid agent name`,
      { agents: [name], allowed },
    );
  throw unknownAgentError([name], allowed);
}

function promptView(agent: string, stored: StoredPrompt | undefined): PromptView {
  return {
    agent_name: agent,
    prompt: stored?.prompt ?? null,
    version: stored?.version ?? null,
    updated_at: stored?.updatedAt.toISOString() ?? null,
  };
}

function versionView(record: PromptVersionRecord): PromptVersionView {
  return {
    agent_name: record.agentName,
    version: record.version,
    prompt: record.prompt,
    config_version: record.configVersion,
    change_description: record.changeDescription,
    created_by: record.createdBy,
    created_at: record.createdAt.toISOString(),
  };
}

export function promptsRouter(service: WorkflowConfigService): Router {
  const router = Router();

  const changeResponse = async (agents: string[], configVersion: number): Promise<PromptChangeResponse> => {
    const current = await service.prompts.current();
    return {
      agents,
      config_version: configVersion,
      prompts: Object.fromEntries(agents.map((agent) => [agent, promptView(agent, current.get(agent))])),
    };
  };

  mountRoute(router, routes.getWorkflowConfigPrompts, async () => {
    const [current, active] = await Promise.all([service.prompts.current(), service.active()]);
    return {
      prompts: Object.fromEntries(ANY_PROMPT_AGENT_NAMES.map((agent) => [agent, promptView(agent, current.get(agent))])),
      config_version: active.version,
    };
  });

  mountRoute(router, routes.getWorkflowConfigPromptsDefaults, async ({ params }) => {
    const agent = checkAgent(params.agent_name, true);
    const prompt = service.defaults.prompt(agent);
    return {
      agent_name: agent,
      prompt,
      system_prompt: systemPromptOf(prompt),
      template_file: service.defaults.templateFile(agent),
      user_template: service.defaults.userTemplate(agent),
    };
  });

  mountRoute(router, routes.getWorkflowConfigPrompt, async ({ params }) => {
    const agent = checkAgent(params.agent_name, true);
    return promptView(agent, (await service.prompts.current()).get(agent));
  });

  mountRoute(router, routes.putWorkflowConfigPrompts, async ({ body, req }) => {
    const agent = checkAgent(body.agent_name, true);
    const prompts = normalisePrompts({ [agent]: body.prompt }, ANY_PROMPT_AGENT_NAMES, 'body.prompt');
    const result = await service.apply({
      prompts,
      description: body.change_description ?? `Prompt update: ${agent}`,
      enforceRules: false,
      actor: actorOf(req),
    });
    return changeResponse(result.changedPrompts, result.record.version);
  });

  mountRoute(router, routes.getWorkflowConfigPromptsVersions, async ({ params }) => {
    const agent = checkAgent(params.agent_name, false);
    const versions = await service.prompts.versions(agent);
    return {
      agent_name: agent,
      versions: versions.map(versionView),
      current_version: (await service.prompts.current()).get(agent)?.version ?? null,
    };
  });

  mountRoute(router, routes.getWorkflowConfigPromptsByConfigVersion, async ({ params }) => {
    const agent = checkAgent(params.agent_name, false);
    if (!(await service.configs.exists(params.config_version))) {
      throw new HttpError(404, WORKFLOW_ERROR_CODES.configNotFound, `No workflow config version ${params.config_version}`, {
        config_version: params.config_version,
      });
    }
    const record = await service.prompts.atConfigVersion(agent, params.config_version);
    return {
      agent_name: agent,
      config_version: params.config_version,
      prompt: record?.prompt ?? null,
      prompt_version: record?.version ?? null,
    };
  });

  mountRoute(router, routes.postWorkflowConfigPromptsRollback, async ({ params, body, req }) => {
    const agent = checkAgent(params.agent_name, false);
    const target = await service.prompts.version(agent, body.version);
    if (!target)
      throw new HttpError(404, WORKFLOW_ERROR_CODES.promptVersionNotFound, `${agent} has no prompt version ${body.version}`, {
        agent,
        version: body.version,
      });
    const result = await service.apply({
      prompts: { [agent]: target.prompt },
      description: body.change_description ?? `Rollback of ${agent} to prompt version ${body.version}`,
      enforceRules: false,
      actor: actorOf(req),
    });
    return changeResponse(result.changedPrompts, result.record.version);
  });

  mountRoute(router, routes.postWorkflowConfigPromptsBootstrap, async ({ body, req }) => {
    const given = normalisePrompts(body.prompts, PROMPT_AGENT_NAMES, 'body.prompts');
    // Wholesale: the nine agents get exactly what the body holds; those left out lose their prompt.
    const prompts = Object.fromEntries(PROMPT_AGENT_NAMES.map((agent) => [agent, given[agent] ?? null]));
    const result = await service.apply({
      prompts,
      description: body.change_description ?? 'Prompts bootstrap',
      enforceRules: false,
      actor: actorOf(req),
    });
    return changeResponse(result.changedPrompts, result.record.version);
  });

  mountRoute(router, routes.postWorkflowConfigPromptsResetToDefaults, async ({ body, req }) => {
    const agents = (body.agent_names ?? [...PROMPT_AGENT_NAMES]).map((name) => checkAgent(name, false));
    const prompts = Object.fromEntries(agents.map((agent) => [agent, service.defaults.prompt(agent)]));
    const result = await service.apply({
      prompts,
      description: `Reset to defaults: ${agents.join(', ')}`,
      enforceRules: false,
      actor: actorOf(req),
    });
    return changeResponse(result.changedPrompts, result.record.version);
  });

  return router;
}
