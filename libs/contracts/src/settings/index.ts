// Public contracts of the settings area (catalogue, stored settings, provider tests, GitHub).
// The area's curated entry point (@huntforge/contracts/settings): every export is named, no `export *`.
export { SETTING_DEFINITIONS, SETTING_KEYS, findSettingDefinition, type SettingDefinition } from './catalogue';
export { GITHUB_DEFAULT_API_URL, githubApiBase } from './github';
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
} from './settings';
export { PROVIDER_TEST_ROUTES, type ProviderTestRoute, type TestedService } from './provider-test-routes';
