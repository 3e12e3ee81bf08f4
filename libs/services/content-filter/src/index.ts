export { createContentFilterModule, type ContentFilterModuleOptions } from './module';
export { loadContentFilterConfig, ContentFilterConfigError, type ContentFilterConfig } from './config';
export { CONTENT_FILTER_ENV } from './env';
