import type { ComponentHealthBody, HealthResponse } from '@huntforge/contracts/http';
import type { ComponentHealth } from '../module';
import type { HealthReport } from './run-checks';

export function toComponentBody(health: ComponentHealth): ComponentHealthBody {
  return {
    status: health.status,
    ...(health.latencyMs !== undefined ? { latency_ms: health.latencyMs } : {}),
    ...(health.detail !== undefined ? { detail: health.detail } : {}),
  };
}

/** A health report in the API's one (snake_case) health body, shared by the probes and the gateway. */
export function toHealthBody(report: HealthReport, checkedAt: Date): HealthResponse {
  const components: HealthResponse['components'] = {};
  for (const [name, health] of Object.entries(report.checks)) components[name] = toComponentBody(health);
  return { status: report.status, checked_at: checkedAt.toISOString(), components };
}

/** 503 only when something is down: a degraded component still serves. */
export function httpStatusOf(status: HealthResponse['status']): number {
  return status === 'down' ? 503 : 200;
}
