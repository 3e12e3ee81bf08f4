import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute } from '@huntforge/platform';
import type { WorkflowConfigPorts } from '../config-ports';
import { activateConfigVersion } from '../config/activate-version/activate-config-version';
import { setAutoTriggerThreshold } from '../config/auto-trigger-threshold/set-auto-trigger-threshold';
import { getWorkflowConfig } from '../config/get-config/get-workflow-config';
import { listConfigVersions } from '../config/list-versions/list-config-versions';
import { updateWorkflowConfig } from '../config/update-config/update-workflow-config';

/** /api/workflow/config and its versions: each route's request to its use case's command. */
export function configRouter(ports: WorkflowConfigPorts): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowConfig, () => getWorkflowConfig(ports));

  mountRoute(router, routes.putWorkflowConfig, ({ body, req }) => updateWorkflowConfig(ports, { request: body, actor: actorOf(req) }));

  mountRoute(router, routes.patchWorkflowConfigAutoTriggerThreshold, ({ body }) => setAutoTriggerThreshold(ports, body));

  mountRoute(router, routes.getWorkflowConfigVersions, ({ query }) => listConfigVersions(ports, query));

  mountRoute(router, routes.postWorkflowConfigVersionActivate, ({ params, body, req }) =>
    activateConfigVersion(ports, { version: params.version, request: body, actor: actorOf(req) }),
  );

  return router;
}
