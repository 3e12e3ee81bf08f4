export type {
  Bus,
  MessageHandler,
  QueueStats,
  RequestHandler,
  RequestOptions,
  SubscribeOptions,
  Subscription,
} from './bus';
export { createBus, type BusConfig } from './create-bus';
export { noBusMetrics, type BusMetrics } from './bus-metrics';
export type { DeliveryOutcome } from './delivery';
export { createInProcessBus, type InProcessBus, type InProcessBusOptions } from './in-process/in-process-bus';
export { createRabbitBus, type RabbitBus, type RabbitBusOptions } from './rabbitmq/rabbit-bus';
export type { DeadLetter } from './dead-letter';
export {
  BusClosedError,
  BusPublishRejectedError,
  BusRemoteError,
  BusTimeoutError,
  BusUnavailableError,
} from './errors';
export { silentLogger, type BusLogger } from './logger';
export { compileTopicPattern, topicMatches, type TopicMatcher } from './topic-pattern';
