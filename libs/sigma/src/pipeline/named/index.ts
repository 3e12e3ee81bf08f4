// Backend-independent named pipelines (Sysmon, Windows channels and audit events).
import './sysmon';
import './windows';

export { NAMED_PIPELINES, registerPipelines, type PipelineFactory } from './registry';
export { SYSMON_CATEGORY_EVENT_IDS } from './sysmon';
export { WINDOWS_SERVICE_CHANNELS, WINDOWS_CATEGORY_EVENTS } from './windows';
