// Test helpers for service libs: a full ModuleContext on a test database and bus. Imported by tests only.
// Separate from libs/testing because platform's own tests use libs/testing (no cycle).
export { createTestContext, type TestContext, type TestContextOptions } from './test-context';
