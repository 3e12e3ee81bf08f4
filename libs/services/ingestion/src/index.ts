export { createIngestionModule, type IngestionModule, type IngestionModuleOptions } from './module';
export { INGESTION_ENV } from './env';
