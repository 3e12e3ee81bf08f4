import { Router } from 'express';
import { workflowRoutes as routes } from '@huntforge/contracts/api';
import type { UpdateWorkflowConfigResponse } from '@huntforge/contracts/workflow';
import { actorOf, mountRoute, reply } from '@huntforge/platform';
import type { ConfigChangeResult } from '../config/config-service';
import { configView } from '../config/config-view';
import type { PresetService } from '../presets/preset-service';

function changeResponse(result: ConfigChangeResult): UpdateWorkflowConfigResponse {
  return { ...configView(result.record), created: result.created, warnings: result.warnings };
}

export function presetsRouter(presets: PresetService): Router {
  const router = Router();

  mountRoute(router, routes.getWorkflowConfigPresetList, async () => ({ presets: await presets.list() }));

  mountRoute(router, routes.postWorkflowConfigPresetSave, async ({ body }) =>
    reply(201, await presets.save(body.name, body.description ?? null, body.include_prompts ?? true, body.overwrite ?? false)),
  );

  mountRoute(router, routes.getWorkflowConfigPresetExport, async ({ query, res }) => {
    const file = await presets.export(query.name);
    res.setHeader('Content-Disposition', `attachment; filename="${(file.name ?? 'workflow-preset').replace(/[^\w.-]+/g, '_')}.json"`);
    return file;
  });

  mountRoute(router, routes.postWorkflowConfigPresetImport, async ({ body, req }) =>
    changeResponse(
      await presets.importFile(body.preset, {
        saveAs: body.save_as,
        overwrite: body.overwrite,
        allowPromptWarnings: body.allow_prompt_warnings ?? false,
        allowUnavailableProviders: body.allow_unavailable_providers ?? false,
        actor: actorOf(req),
      }),
    ),
  );

  mountRoute(router, routes.postWorkflowConfigPresetApply, async ({ body, req }) =>
    changeResponse(
      await presets.applyNamed(body.name, {
        allowPromptWarnings: body.allow_prompt_warnings ?? false,
        allowUnavailableProviders: body.allow_unavailable_providers ?? false,
        actor: actorOf(req),
      }),
    ),
  );

  mountRoute(router, routes.deleteWorkflowConfigPreset, async ({ params }) => {
    await presets.remove(params.name);
  });

  return router;
}
