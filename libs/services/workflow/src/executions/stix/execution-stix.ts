import { EXECUTION_ERROR_CODES, type ExecutionIdParams, type StixBundle } from '@huntforge/contracts/executions';
import { HttpError } from '@huntforge/platform';
import type { SettingsReader } from '@huntforge/data';
import { storedExecutionStix, teamTargets } from '@huntforge/sigma';
import type { ExecutionRepository } from '../../repositories/execution-repository';

export interface ExecutionStixDeps {
  executions: Pick<ExecutionRepository, 'findForStix'>;
  /** Runtime settings (SIGMA_CONVERT_TARGETS); absent: the default targets. */
  settings?: Pick<SettingsReader, 'get'>;
}

/**
 * GET /api/workflow/executions/{id}/stix: the run's indicator values and valid generated rules as a STIX 2.1
 * bundle, the rules with their queries for the team's SIEM targets (SIGMA_CONVERT_TARGETS).
 */
export async function executionStix(deps: ExecutionStixDeps, command: ExecutionIdParams): Promise<StixBundle> {
  const executionId = command.execution_id;
  const row = await deps.executions.findForStix(executionId);
  if (!row) throw new HttpError(404, EXECUTION_ERROR_CODES.executionNotFound, `execution ${executionId} not found`);
  return storedExecutionStix(row, teamTargets(await deps.settings?.get('SIGMA_CONVERT_TARGETS')));
}
