// Test helpers with real databases, buses and fake servers for suites. Imported by tests only. The
// dependency-free helpers (waiting, the REQUIRE_INFRA rule, scratch databases and vhosts) are imported from
// @huntforge/test-kit itself, and service boots and entity factories from @huntforge/service-testing.
export { createTestDb, openTestDb, type TestDatabaseHandle } from './db';
export { createTestBus, recordMessages, type TestBus, type TestBusKind, type TestBusOptions } from './bus';
export {
  type FixtureRequest,
  type FixtureRoute,
  type FixtureServer,
  type FixtureServerOptions,
  startFixtureServer,
} from './fixture-server';
// Local fakes of the model providers (OpenAI, Anthropic, Ollama wire protocols) and a fake `codex` executable.
export {
  type FakeProviderServer,
  type FakeServerOptions,
  type RecordedRequest,
  type RouteKind,
  type ScriptedReply,
} from './fake-llm-servers/scripted-server';
export { startFakeOpenAi, startFakeAnthropic, startFakeOllama } from './fake-llm-servers/providers';
export {
  createFakeCodex,
  type FakeCodex,
  type FakeCodexInvocation,
  type FakeCodexModel,
  type FakeCodexState,
  type FakeCodexTurn,
} from './fake-llm-servers/fake-codex';
export { type FakeGithub, type FakeGithubPull, type FakeGithubRepo, startFakeGithub } from './fake-github';
