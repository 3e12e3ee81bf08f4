export { createIngestionModule, type IngestionModule, type IngestionModuleOptions } from './module';
