import { Router } from 'express';
import { z } from 'zod';
import {
  applyPresetRequestSchema,
  exportPresetQuerySchema,
  importPresetRequestSchema,
  savePresetRequestSchema,
  type UpdateWorkflowConfigResponse,
} from '@huntforge/contracts';
import { parseOrThrow } from '@huntforge/platform';
import { actorOf } from '../config/config-router';
import type { ConfigChangeResult } from '../config/config-service';
import { configView } from '../config/config-view';
import type { PresetService } from './preset-service';

const presetNameParams = z.object({ name: z.string().trim().min(1).max(200) });

function changeResponse(result: ConfigChangeResult): UpdateWorkflowConfigResponse {
  return { ...configView(result.record), created: result.created, warnings: result.warnings };
}

export function presetsRouter(presets: PresetService): Router {
  const router = Router();
  const base = '/api/workflow/config/preset';

  router.get(`${base}/list`, async (_req, res) => {
    res.json({ presets: await presets.list() });
  });

  router.post(`${base}/save`, async (req, res) => {
    const body = parseOrThrow(savePresetRequestSchema, req.body, 'body');
    res.status(201).json(await presets.save(body.name, body.description ?? null, body.include_prompts ?? true));
  });

  router.get(`${base}/export`, async (req, res) => {
    const { name } = parseOrThrow(exportPresetQuerySchema, req.query, 'query');
    const file = await presets.export(name);
    res.setHeader('Content-Disposition', `attachment; filename="${(file.name ?? 'workflow-preset').replace(/[^\w.-]+/g, '_')}.json"`);
    res.json(file);
  });

  router.post(`${base}/import`, async (req, res) => {
    const body = parseOrThrow(importPresetRequestSchema, req.body, 'body');
    res.json(changeResponse(await presets.importFile(body.preset, { saveAs: body.save_as, allowPromptWarnings: body.allow_prompt_warnings ?? false, actor: actorOf(req) })));
  });

  router.post(`${base}/apply`, async (req, res) => {
    const body = parseOrThrow(applyPresetRequestSchema, req.body, 'body');
    res.json(changeResponse(await presets.applyNamed(body.name, { allowPromptWarnings: body.allow_prompt_warnings ?? false, actor: actorOf(req) })));
  });

  router.delete(`${base}/:name`, async (req, res) => {
    const { name } = parseOrThrow(presetNameParams, req.params, 'params');
    await presets.remove(name);
    res.status(204).end();
  });

  return router;
}
