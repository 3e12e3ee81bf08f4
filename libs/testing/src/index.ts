// Test helpers: real databases and buses for suites, plus the REQUIRE_INFRA rule. Imported by tests only.
export { describeWithInfra, infraRequired, infraUrl, type InfraKind } from './infra';
export { createTestDb } from './db';
export { createScratchDatabase, type ScratchDatabase } from './postgres';
export {
  createTestBus,
  recordMessages,
  sleep,
  waitFor,
  type TestBus,
  type TestBusKind,
  type TestBusOptions,
} from './bus';
export { createScratchVhost, type ScratchVhost } from './scratch-vhost';
export * from './fixture-server';
export * from './fake-llm-servers';
export * from './fake-github';
