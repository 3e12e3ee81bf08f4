import { defineRoute, errorResponse, jsonBody, jsonContent, type JsonResponse } from './define-route';
import { PROVIDER_TEST_ROUTES, type TestedService } from '../settings/provider-test-routes';
import {
  apiKeyTestRequestSchema,
  codexTestRequestSchema,
  githubTestRequestSchema,
  ollamaTestRequestSchema,
  providerTestResponseSchema,
  settingEntrySchema,
  settingKeyParamsSchema,
  settingsListResponseSchema,
  updateSettingRequestSchema,
} from '../settings/settings';

const TAG = 'Settings';
const TESTS = 'Provider tests';
const NO_STORE = 'Sent with Cache-Control: no-store. Sensitive keys answer value null, configured and a short hint.';

const TEST_BODIES: Record<
  TestedService,
  {
    schema:
      typeof apiKeyTestRequestSchema | typeof ollamaTestRequestSchema | typeof githubTestRequestSchema | typeof codexTestRequestSchema;
    summary: string;
  }
> = {
  openai: { schema: apiKeyTestRequestSchema, summary: 'Test an OpenAI key (empty api_key: the stored one) by listing models' },
  anthropic: { schema: apiKeyTestRequestSchema, summary: 'Test an Anthropic key (empty api_key: the stored one) by listing models' },
  ollama: { schema: ollamaTestRequestSchema, summary: 'Test the Ollama connection (stored OLLAMA_HOST; admins may pass host)' },
  codex: { schema: codexTestRequestSchema, summary: 'Verify the deployment-managed codex (ChatGPT) login without running a model' },
  github: {
    schema: githubTestRequestSchema,
    summary: 'Verify the access token against the repository (optional token and repo overrides)',
  },
};

/** GET/PUT/DELETE /api/settings and the provider connectivity tests (real paths and neutral aliases). */
export const settingsRoutes = {
  getSettings: defineRoute('gateway', {
    method: 'get',
    path: '/api/settings',
    summary: 'Every known setting (keys are the environment variables’ names)',
    description: NO_STORE,
    tags: [TAG],
    responses: { 200: jsonContent(settingsListResponseSchema, 'Settings') },
  }),
  getSetting: defineRoute('gateway', {
    method: 'get',
    path: '/api/settings/{key}',
    summary: 'One setting',
    description: NO_STORE,
    tags: [TAG],
    request: { params: settingKeyParamsSchema },
    responses: { 200: jsonContent(settingEntrySchema, 'The setting'), 404: errorResponse(['unknown_setting']) },
  }),
  putSetting: defineRoute('gateway', {
    method: 'put',
    path: '/api/settings/{key}',
    summary: 'Store a setting (secrets encrypted with SETTINGS_ENCRYPTION_KEY); overrides the environment variable',
    tags: [TAG],
    request: {
      params: settingKeyParamsSchema,
      body: { required: true, content: { 'application/json': { schema: updateSettingRequestSchema } } },
    },
    responses: {
      200: jsonContent(settingEntrySchema, 'Stored'),
      // url_not_allowed: a base URL whose host is a metadata, link-local or (without PROVIDER_ALLOW_PRIVATE_NETWORKS) private address.
      400: errorResponse(['unknown_setting', 'invalid_setting_value', 'url_not_allowed', 'validation_error', 'invalid_json']),
      409: errorResponse(['encryption_key_missing'], 'A secret cannot be stored without SETTINGS_ENCRYPTION_KEY'),
    },
  }),
  deleteSetting: defineRoute('gateway', {
    method: 'delete',
    path: '/api/settings/{key}',
    summary: 'Remove the stored value (the environment variable applies again)',
    tags: [TAG],
    request: { params: settingKeyParamsSchema },
    responses: { 200: jsonContent(settingEntrySchema, 'The setting after removal'), 400: errorResponse(['unknown_setting']) },
  }),
} as const;

/** Only the ollama test takes a host, which only admins may pass. */
function hostOverrideRefusal(service: TestedService): Record<number, JsonResponse> {
  return service === 'ollama' ? { 403: errorResponse(['forbidden'], 'host given by a non-admin') } : {};
}

/** The provider connectivity tests, one route per real path and neutral alias (see PROVIDER_TEST_ROUTES). */
export const providerTestRoutes = PROVIDER_TEST_ROUTES.map((test) => {
  const spec = TEST_BODIES[test.service];
  const route = defineRoute('gateway', {
    method: 'post',
    path: test.path,
    summary: test.canonical ? spec.summary : `${spec.summary} (neutral alias of the ${test.service} test)`,
    description: 'A failed check is 200 with success false; no credential is ever returned.',
    tags: [TESTS],
    request: { body: jsonBody(spec.schema, false) },
    responses: {
      200: jsonContent(providerTestResponseSchema, 'Check result'),
      400: errorResponse(['credential_not_configured', 'url_not_allowed', 'validation_error', 'invalid_json']),
      ...hostOverrideRefusal(test.service),
    },
  });
  return { ...test, route };
});
