// Local fakes of the model providers for tests: OpenAI, Anthropic and Ollama wire protocols over HTTP,
// scriptable per test (answers, delays, 429 with Retry-After, 5xx, a request log), and a fake `codex`
// executable for @openai/codex-sdk (exec JSONL events, app-server JSON-RPC, login status).
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
