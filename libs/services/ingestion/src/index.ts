export { createIngestionModule } from './module';
