import { Router } from 'express';
import type { ServiceModule } from './module';

/**
 * A service whose features are not built yet: it owns its route prefixes (so the gateway's route table
 * already points at it and unclaimed paths answer the JSON 404) and has no consumers or jobs.
 */
export function placeholderModule(name: string, prefixes: string[]): ServiceModule {
  return {
    name,
    http: { prefixes, router: Router() },
    // Nothing to subscribe or schedule yet, so starting and stopping have nothing to do.
    start: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}
