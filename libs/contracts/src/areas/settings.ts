// Public contracts of the settings area (HTTP bodies, bus payloads). Curated named exports only.
export {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  findSettingDefinition,
  type SettingDefinition,
} from '../settings/catalogue';
export {
  settingKeyParamsSchema,
  settingEntrySchema,
  settingsListResponseSchema,
  updateSettingRequestSchema,
  apiKeyTestRequestSchema,
  ollamaTestRequestSchema,
  githubTestRequestSchema,
  codexTestRequestSchema,
  providerTestResponseSchema,
  SETTINGS_ERROR_CODES,
  type SettingEntry,
  type SettingsListResponse,
  type UpdateSettingRequest,
  type ApiKeyTestRequest,
  type OllamaTestRequest,
  type GithubTestRequest,
  type ProviderTestResponse,
} from '../settings/settings';
export { PROVIDER_TEST_ROUTES, type ProviderTestRoute, type TestedService } from '../settings/provider-test-routes';
