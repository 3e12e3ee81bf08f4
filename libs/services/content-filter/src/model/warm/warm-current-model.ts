import type { ModelVersionRepository } from '../../repositories/model-version-repository';
import type { LiveModel } from '../live-model';

// Named by their repository and model types, not ContentFilterPorts: ports.ts imports model/ (no folder cycle).
export interface WarmCurrentModelDeps {
  versions: Pick<ModelVersionRepository, 'findCurrent'>;
  model: Pick<LiveModel, 'use'>;
}

/**
 * Loads the current model version now rather than on the first classification. Nothing to load before the
 * first version exists; a failure is the caller's to log, since `use` loads again on demand.
 */
export async function warmCurrentModel(deps: WarmCurrentModelDeps): Promise<void> {
  if (await deps.versions.findCurrent()) await deps.model.use(async () => undefined);
}
