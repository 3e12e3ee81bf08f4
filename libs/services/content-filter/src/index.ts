export { createContentFilterModule, type ContentFilterModuleOptions } from './module';
export { loadContentFilterConfig, ContentFilterConfigError, type ContentFilterConfig } from './config';
