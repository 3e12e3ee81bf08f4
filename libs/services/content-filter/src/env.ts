import { contentFilterEnvSchema } from './config';

/** Every variable the content-filter service reads, checked at start-up before migrations. */
export const CONTENT_FILTER_ENV = [contentFilterEnvSchema] as const;
