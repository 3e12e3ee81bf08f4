import type { Bus } from '@huntforge/bus';
import type { Db } from '@huntforge/data';
import type { ComponentHealth } from '../module';

/** Database readiness: a round trip through `ping`, with its latency; the driver's message when it fails. */
export async function checkDatabase(db: Pick<Db, 'ping'>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    await db.ping();
    return { status: 'up', latencyMs: elapsedSince(started) };
  } catch (error) {
    return { status: 'down', latencyMs: elapsedSince(started), detail: { error: messageOf(error) } };
  }
}

/** Bus readiness: the connection state the bus keeps (no broker round trip). */
export function checkBus(bus: Pick<Bus, 'isConnected'>): ComponentHealth {
  return bus.isConnected() ? { status: 'up', latencyMs: 0 } : { status: 'down', latencyMs: 0, detail: { error: 'not connected' } };
}

export function elapsedSince(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
