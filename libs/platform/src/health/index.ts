export { checkBus, checkDatabase } from './checks';
export { createProbeRouter, type ProbeRouterOptions } from './probe-router';
export { DEFAULT_CHECK_TIMEOUT_MS, runChecks, type HealthCheck, type HealthReport, type OverallStatus } from './run-checks';
export { httpStatusOf, toComponentBody, toHealthBody } from './health-body';
export { coalescedCheck, type CoalescedCheckOptions } from './coalesced-check';
