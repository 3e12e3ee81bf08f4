import type { ComponentHealth } from '../module';
import { elapsedSince, messageOf } from './checks';

export type HealthCheck = () => Promise<ComponentHealth> | ComponentHealth;

export type OverallStatus = ComponentHealth['status'];

export interface HealthReport {
  status: OverallStatus;
  checks: Record<string, ComponentHealth>;
}

export const DEFAULT_CHECK_TIMEOUT_MS = 2000;

/**
 * Runs every check at once, each bounded by `timeoutMs` so one hung dependency cannot hang the probe.
 * A check that throws or times out is `down`. Overall: down if any is down, else degraded if any is
 * degraded, else up.
 */
export async function runChecks(checks: Record<string, HealthCheck>, timeoutMs: number = DEFAULT_CHECK_TIMEOUT_MS): Promise<HealthReport> {
  const names = Object.keys(checks);
  const results = await Promise.all(names.map((name) => runOne(checks[name], timeoutMs)));
  const report: Record<string, ComponentHealth> = {};
  names.forEach((name, index) => (report[name] = results[index]));
  return { status: overallStatus(results), checks: report };
}

async function runOne(check: HealthCheck, timeoutMs: number): Promise<ComponentHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<ComponentHealth>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'down', latencyMs: elapsedSince(started), detail: { error: 'timeout' } }), timeoutMs);
  });
  try {
    const result = await Promise.race([Promise.resolve().then(check), timedOut]);
    return { ...result, latencyMs: result.latencyMs ?? elapsedSince(started) };
  } catch (error) {
    return { status: 'down', latencyMs: elapsedSince(started), detail: { error: messageOf(error) } };
  } finally {
    clearTimeout(timer);
  }
}

function overallStatus(results: ComponentHealth[]): OverallStatus {
  if (results.some((result) => result.status === 'down')) return 'down';
  if (results.some((result) => result.status === 'degraded')) return 'degraded';
  return 'up';
}
