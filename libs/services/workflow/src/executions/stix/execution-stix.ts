import { EXECUTION_ERROR_CODES, type StixBundle } from '@huntforge/contracts';
import { HttpError } from '@huntforge/platform';
import { storedExecutionStix } from '@huntforge/sigma';
import type { ExecutionRepository } from '../../repositories/execution-repository';

/** GET /api/workflow/executions/{id}/stix: the run's indicator values and valid generated rules as a STIX 2.1 bundle. */
export async function executionStix(repo: Pick<ExecutionRepository, 'findForStix'>, executionId: number): Promise<StixBundle> {
  const row = await repo.findForStix(executionId);
  if (!row) throw new HttpError(404, EXECUTION_ERROR_CODES.executionNotFound, `execution ${executionId} not found`);
  return storedExecutionStix(row);
}
