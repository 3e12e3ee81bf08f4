// libs/data's test support for other test libs (@huntforge/data/test-support): imported by tests only. Specs
// outside libs/data take these through @huntforge/service-testing, the one import point for test helpers.
export {
  createArticle,
  createExecution,
  createQueueItem,
  createSource,
  type ArticleOverrides,
  type ExecutionOverrides,
  type QueueItemOverrides,
  type SourceOverrides,
} from './entity-factories';
