import { z } from 'zod';
import {
  autoTriggerThresholdRequestSchema,
  autoTriggerThresholdResponseSchema,
  configVersionsQuerySchema,
  configVersionsResponseSchema,
  updateWorkflowConfigRequestSchema,
  updateWorkflowConfigResponseSchema,
  workflowConfigResponseSchema,
} from '../workflow/config';
import {
  activateConfigVersionParamsSchema,
  activateConfigVersionRequestSchema,
  applyPresetRequestSchema,
  exportPresetQuerySchema,
  importPresetRequestSchema,
  presetFileSchema,
  presetListResponseSchema,
  presetSummarySchema,
  savePresetRequestSchema,
} from '../workflow/presets';
import {
  agentNameParamsSchema,
  bootstrapPromptsRequestSchema,
  promptByConfigVersionParamsSchema,
  promptChangeResponseSchema,
  promptDefaultsResponseSchema,
  promptListResponseSchema,
  promptSchema,
  promptVersionsResponseSchema,
  promptViewSchema,
  resetPromptsRequestSchema,
  rollbackPromptRequestSchema,
  updatePromptRequestSchema,
} from '../workflow/prompts';
import { providerOptionsResponseSchema } from '../workflow/provider-options';
import { articleIdParamsSchema, rankWithLlmResponseSchema } from '../workflow/rank';
import { defineRoute, errorResponse, jsonBody, jsonContent } from './define-route';

const CONFIG = 'Workflow configuration';
const PROMPTS = 'Workflow prompts';
const PRESETS = 'Workflow presets';
const PROVIDERS = 'Model providers';

const LEGACY = 'Legacy prompt route: also accepts the auxiliary keys OSDetectionAgent and SigmaRepair.';
const unknownAgent = errorResponse(['unknown_agent', 'validation_error']);
const applied = jsonContent(updateWorkflowConfigResponseSchema, 'Applied as a new config version (auto-trigger threshold untouched)');
const ruleErrors = errorResponse([
  'validation_error',
  'invalid_json',
  'unknown_agent',
  'missing_prompts',
  'provider_model_mismatch',
  'invalid_effort',
]);
const providerUnavailable = errorResponse(
  ['provider_unavailable'],
  'An enabled agent would use a provider with no credential or that cannot be reached; details.providers says which and why. Nothing was applied; retry with allow_unavailable_providers=true to apply anyway',
);
const V2 = 'Takes the nine prompt-bearing agents of the v2 contract only.';

/** The workflow service's configuration, prompt, preset and provider routes. */
export const workflowRoutes = {
  getWorkflowConfig: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config',
    summary: 'The active workflow configuration (thresholds, per-agent settings, auto-trigger threshold)',
    tags: [CONFIG],
    responses: { 200: jsonContent(workflowConfigResponseSchema, 'The active version') },
  }),
  putWorkflowConfig: defineRoute('workflow', {
    method: 'put',
    path: '/api/workflow/config',
    summary: 'Save a new config version (identical saves create none)',
    description:
      'Rule 1: an extractor this request enables, or whose prompt it sends, needs a prompt unless allow_prompt_warnings is true ' +
      '(settings-only saves and disabled agents are exempt). Rule 2: a provider paired with a model the catalog attributes to another ' +
      'provider is refused, for pairs this request changes; models absent from the catalog always pass; codex shares OpenAI’s ids. ' +
      'Rule 3: an {Agent}_effort outside the resolved model’s effort_levels is refused. The auto-trigger threshold is ignored here.',
    tags: [CONFIG],
    request: { body: jsonBody(updateWorkflowConfigRequestSchema) },
    responses: {
      200: jsonContent(updateWorkflowConfigResponseSchema, 'Saved (created: true) or identical to the active config (created: false)'),
      400: errorResponse([
        'validation_error',
        'invalid_json',
        'unknown_agent',
        'missing_prompts',
        'provider_model_mismatch',
        'invalid_effort',
      ]),
    },
  }),
  patchWorkflowConfigAutoTriggerThreshold: defineRoute('workflow', {
    method: 'patch',
    path: '/api/workflow/config/auto-trigger-threshold',
    summary: 'Change auto_trigger_hunt_score_threshold in place on the active config (the only way to change it)',
    tags: [CONFIG],
    request: { body: jsonBody(autoTriggerThresholdRequestSchema) },
    responses: {
      200: jsonContent(autoTriggerThresholdResponseSchema, 'Updated'),
      400: errorResponse(['validation_error', 'invalid_json']),
    },
  }),
  getWorkflowConfigVersions: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/versions',
    summary: 'Config versions, newest first (page default 1, limit default 20 max 100, optional exact version)',
    tags: [CONFIG],
    request: { query: configVersionsQuerySchema },
    responses: { 200: jsonContent(configVersionsResponseSchema, 'One page'), 400: errorResponse(['validation_error']) },
  }),
  postWorkflowConfigVersionActivate: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/versions/{version}/activate',
    summary:
      'Re-activate an earlier config version: its thresholds, per-agent settings and prompts become the next version (auto-trigger threshold untouched)',
    tags: [CONFIG],
    request: { params: activateConfigVersionParamsSchema, body: jsonBody(activateConfigVersionRequestSchema, false) },
    responses: {
      200: jsonContent(
        updateWorkflowConfigResponseSchema,
        'Applied as a new config version (created false when that version is already the active settings)',
      ),
      400: ruleErrors,
      404: errorResponse(['config_version_not_found']),
      409: providerUnavailable,
    },
  }),

  getWorkflowConfigPrompts: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/prompts',
    summary: 'All current prompts',
    description: LEGACY,
    tags: [PROMPTS],
    responses: { 200: jsonContent(promptListResponseSchema, 'Keyed by agent') },
  }),
  getWorkflowConfigPrompt: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/prompts/{agent_name}',
    summary: 'One agent’s current prompt',
    description: LEGACY,
    tags: [PROMPTS],
    request: { params: agentNameParamsSchema },
    responses: { 200: jsonContent(promptViewSchema, 'The prompt (null when the agent has none)'), 400: unknownAgent },
  }),
  getWorkflowConfigPromptsDefaults: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/prompts/defaults/{agent_name}',
    summary: 'The code-default prompt and system prompt, plus the on-disk user template (SigmaAgent: sigma_generate_multi.txt)',
    description: LEGACY,
    tags: [PROMPTS],
    request: { params: agentNameParamsSchema },
    responses: { 200: jsonContent(promptDefaultsResponseSchema, 'Defaults'), 400: unknownAgent },
  }),
  putWorkflowConfigPrompts: defineRoute('workflow', {
    method: 'put',
    path: '/api/workflow/config/prompts',
    summary: 'Save one agent’s prompt as its next version (with a new config version)',
    description: LEGACY,
    tags: [PROMPTS],
    request: { body: jsonBody(updatePromptRequestSchema) },
    responses: {
      200: jsonContent(promptChangeResponseSchema, 'Saved'),
      400: errorResponse(['unknown_agent', 'validation_error', 'invalid_json']),
    },
  }),
  getWorkflowConfigPromptsVersions: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/prompts/{agent_name}/versions',
    summary: 'Every saved version of one agent’s prompt, newest first',
    description: V2,
    tags: [PROMPTS],
    request: { params: agentNameParamsSchema },
    responses: { 200: jsonContent(promptVersionsResponseSchema, 'Versions'), 400: unknownAgent },
  }),
  getWorkflowConfigPromptsByConfigVersion: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/prompts/{agent_name}/by-config-version/{config_version}',
    summary: 'The prompt in force at a config version',
    description: V2,
    tags: [PROMPTS],
    request: { params: promptByConfigVersionParamsSchema },
    responses: {
      200: jsonContent(
        z.object({
          agent_name: z.string(),
          config_version: z.number().int(),
          prompt: promptSchema.nullable(),
          prompt_version: z.number().int().nullable(),
        }),
        'The prompt (null when the agent had none)',
      ),
      400: unknownAgent,
      404: errorResponse(['config_version_not_found']),
    },
  }),
  postWorkflowConfigPromptsRollback: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/prompts/{agent_name}/rollback',
    summary: 'Restore an earlier prompt version as the next version',
    description: V2,
    tags: [PROMPTS],
    request: { params: agentNameParamsSchema, body: jsonBody(rollbackPromptRequestSchema) },
    responses: {
      200: jsonContent(promptChangeResponseSchema, 'Restored'),
      400: unknownAgent,
      404: errorResponse(['prompt_version_not_found']),
    },
  }),
  postWorkflowConfigPromptsBootstrap: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/prompts/bootstrap',
    summary: 'Wholesale replace the nine prompts: agents left out of the body end up with no prompt',
    description: V2,
    tags: [PROMPTS],
    request: { body: jsonBody(bootstrapPromptsRequestSchema) },
    responses: { 200: jsonContent(promptChangeResponseSchema, 'Replaced'), 400: unknownAgent },
  }),
  postWorkflowConfigPromptsResetToDefaults: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/prompts/reset-to-defaults',
    summary: 'Reset the named agents (all nine when agent_names is omitted) to the default prompts',
    description: V2,
    tags: [PROMPTS],
    request: { body: jsonBody(resetPromptsRequestSchema, false) },
    responses: { 200: jsonContent(promptChangeResponseSchema, 'Reset'), 400: unknownAgent },
  }),

  getWorkflowConfigPresetList: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/preset/list',
    summary: 'Saved presets and the quickstart presets (builtin, openai, anthropic, ollama)',
    tags: [PRESETS],
    responses: { 200: jsonContent(presetListResponseSchema, 'Presets') },
  }),
  postWorkflowConfigPresetSave: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/preset/save',
    summary: 'Save the active config (and prompts) as a named preset',
    tags: [PRESETS],
    request: { body: jsonBody(savePresetRequestSchema) },
    responses: {
      201: jsonContent(presetSummarySchema, 'Saved'),
      400: errorResponse(['validation_error']),
      409: errorResponse(['preset_read_only', 'preset_exists'], 'A quickstart preset, or a saved one without overwrite=true'),
    },
  }),
  getWorkflowConfigPresetExport: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/config/preset/export',
    summary: 'A preset file of a stored preset, or of the active config when name is omitted (never the auto-trigger threshold)',
    tags: [PRESETS],
    request: { query: exportPresetQuerySchema },
    responses: { 200: jsonContent(presetFileSchema, 'Preset file'), 404: errorResponse(['preset_not_found']) },
  }),
  postWorkflowConfigPresetImport: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/preset/import',
    summary: 'Apply a preset file (from the workflow page) under the PUT rules; optionally store it',
    tags: [PRESETS],
    request: { body: jsonBody(importPresetRequestSchema) },
    responses: {
      200: applied,
      400: ruleErrors,
      409: errorResponse(
        ['preset_read_only', 'preset_exists', 'provider_unavailable'],
        'save_as names a quickstart preset, or a saved one without overwrite=true; or an enabled agent would use an unavailable provider (details.providers); nothing was applied',
      ),
    },
  }),
  postWorkflowConfigPresetApply: defineRoute('workflow', {
    method: 'post',
    path: '/api/workflow/config/preset/apply',
    summary: 'Apply a stored or quickstart preset under the PUT rules',
    tags: [PRESETS],
    request: { body: jsonBody(applyPresetRequestSchema) },
    responses: { 200: applied, 400: ruleErrors, 404: errorResponse(['preset_not_found']), 409: providerUnavailable },
  }),
  deleteWorkflowConfigPreset: defineRoute('workflow', {
    method: 'delete',
    path: '/api/workflow/config/preset/{name}',
    summary: 'Delete a saved preset (quickstart presets cannot be deleted)',
    tags: [PRESETS],
    request: { params: z.object({ name: z.string().trim().min(1).max(200) }) },
    responses: { 204: { description: 'Deleted' }, 404: errorResponse(['preset_not_found']), 409: errorResponse(['preset_read_only']) },
  }),
  getWorkflowProviderOptions: defineRoute('workflow', {
    method: 'get',
    path: '/api/workflow/provider-options',
    summary: 'Per provider: availability (with the reason when not), models and model_capabilities; codex adds effort_descriptions',
    tags: [PROVIDERS],
    responses: { 200: jsonContent(providerOptionsResponseSchema, 'Provider blocks') },
  }),
  postArticlesRankWithLlm: defineRoute('workflow', {
    method: 'post',
    path: '/api/articles/{article_id}/rank-with-llm',
    summary: 'Rank the article 0-10 with the active RankAgent prompt and model',
    tags: [PROVIDERS],
    request: { params: articleIdParamsSchema },
    responses: {
      200: jsonContent(rankWithLlmResponseSchema, 'Score, reasoning and usage'),
      400: errorResponse(['validation_error']),
      404: errorResponse(['article_not_found']),
      409: errorResponse(['builtin_has_no_model', 'provider_not_configured']),
      502: errorResponse(['provider_error', 'invalid_model_output']),
      504: errorResponse(['provider_timeout']),
    },
  }),
} as const;
