import type { RetrainStatusView } from '@huntforge/contracts/content-filter';
import type { ContentFilterPorts } from '../ports';
import { retrainStatusView } from '../views';

export interface RetrainStatusDeps {
  runs: Pick<ContentFilterPorts['runs'], 'latest'>;
}

/** GET /api/model/retrain-status: the latest retrain run, or idle when there has been none. */
export async function retrainStatus(deps: RetrainStatusDeps): Promise<RetrainStatusView> {
  return retrainStatusView(await deps.runs.latest());
}
