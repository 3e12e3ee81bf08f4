// Test helpers for service libs: a full ModuleContext on a test database and bus, one service booted and served the
// way the runners do it, and entity factories. Imported by tests only. Separate from libs/testing because
// platform's own tests use libs/testing (no cycle). The entity factories live in libs/data's test support (its own
// specs use them too) and are re-exported here.
export { createTestContext, type TestContext, type TestContextOptions } from './test-context';
export { combineModules, startServiceForTest, type ServiceUnderTest, type StartServiceOptions } from './service-under-test';
export {
  createArticle,
  createExecution,
  createQueueItem,
  createSource,
  type ArticleOverrides,
  type ExecutionOverrides,
  type QueueItemOverrides,
  type SourceOverrides,
} from '@huntforge/data/test-support';
