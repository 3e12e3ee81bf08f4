import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import type { WorkflowConfigPorts } from '../config-ports';
import { promptAtConfigVersion } from '../prompts/at-config-version/prompt-at-config-version';
import { bootstrapPrompts } from '../prompts/bootstrap/bootstrap-prompts';
import { getDefaultPrompt } from '../prompts/get-default-prompt/get-default-prompt';
import { getPrompt } from '../prompts/get-prompt/get-prompt';
import { listPrompts } from '../prompts/list-prompts/list-prompts';
import { listPromptVersions } from '../prompts/list-versions/list-prompt-versions';
import { resetPrompts } from '../prompts/reset-to-defaults/reset-prompts';
import { rollbackPrompt } from '../prompts/rollback/rollback-prompt';
import { updatePrompt } from '../prompts/update-prompt/update-prompt';

/** /api/workflow/config/prompts: each route's request to its use case's command. */
export function promptsRouter(ports: WorkflowConfigPorts): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowConfigPrompts, () => listPrompts(ports));

  mountRoute(router, routes.getWorkflowConfigPromptsDefaults, async ({ params }) =>
    getDefaultPrompt(ports, { agentName: params.agent_name }),
  );

  mountRoute(router, routes.getWorkflowConfigPrompt, ({ params }) => getPrompt(ports, { agentName: params.agent_name }));

  mountRoute(router, routes.putWorkflowConfigPrompts, ({ body, req }) => updatePrompt(ports, { request: body, actor: actorOf(req) }));

  mountRoute(router, routes.getWorkflowConfigPromptsVersions, ({ params }) => listPromptVersions(ports, { agentName: params.agent_name }));

  mountRoute(router, routes.getWorkflowConfigPromptsByConfigVersion, ({ params }) =>
    promptAtConfigVersion(ports, { agentName: params.agent_name, configVersion: params.config_version }),
  );

  mountRoute(router, routes.postWorkflowConfigPromptsRollback, ({ params, body, req }) =>
    rollbackPrompt(ports, { agentName: params.agent_name, request: body, actor: actorOf(req) }),
  );

  mountRoute(router, routes.postWorkflowConfigPromptsBootstrap, ({ body, req }) =>
    bootstrapPrompts(ports, { request: body, actor: actorOf(req) }),
  );

  mountRoute(router, routes.postWorkflowConfigPromptsResetToDefaults, ({ body, req }) =>
    resetPrompts(ports, { request: body, actor: actorOf(req) }),
  );

  return router;
}
