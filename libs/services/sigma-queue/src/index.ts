export { createSigmaQueueModule } from './module';
