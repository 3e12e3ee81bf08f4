import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import { actorOf, mountRoute, reply } from '@huntforge/platform';
import type { WorkflowConfigPorts } from '../config-ports';
import { applyPreset } from '../presets/apply-preset/apply-preset';
import { deletePreset } from '../presets/delete-preset/delete-preset';
import { exportPreset } from '../presets/export-preset/export-preset';
import { importPreset } from '../presets/import-preset/import-preset';
import { listPresets } from '../presets/list-presets/list-presets';
import { savePreset } from '../presets/save-preset/save-preset';

/** A name safe in a Content-Disposition header. */
const attachmentName = (name: string | undefined): string => `${(name ?? 'workflow-preset').replace(/[^\w.-]+/g, '_')}.json`;

/** /api/workflow/config/presets: each route's request to its use case's command. */
export function presetsRouter(ports: WorkflowConfigPorts): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowConfigPresetList, () => listPresets(ports));

  mountRoute(router, routes.postWorkflowConfigPresetSave, async ({ body }) => reply(201, await savePreset(ports, body)));

  mountRoute(router, routes.getWorkflowConfigPresetExport, async ({ query, res }) => {
    const file = await exportPreset(ports, query);
    res.setHeader('Content-Disposition', `attachment; filename="${attachmentName(file.name)}"`);
    return file;
  });

  mountRoute(router, routes.postWorkflowConfigPresetImport, ({ body, req }) => importPreset(ports, { request: body, actor: actorOf(req) }));

  mountRoute(router, routes.postWorkflowConfigPresetApply, ({ body, req }) => applyPreset(ports, { request: body, actor: actorOf(req) }));

  mountRoute(router, routes.deleteWorkflowConfigPreset, ({ params }) => deletePreset(ports, { name: params.name }));

  return router;
}
