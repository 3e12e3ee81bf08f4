import type { ListExecutionsQuery, ListExecutionsResponse } from '@huntforge/contracts/executions';
import { totalPages } from '@huntforge/contracts/http';
import { toExecutionSummary } from '@huntforge/data';
import type { ExecutionRepository } from '../../repositories/execution-repository';

export interface ListExecutionsDeps {
  executions: Pick<ExecutionRepository, 'list'>;
}

/** A page of executions and the counts per status of every row the filters match. */
export async function listExecutions(deps: ListExecutionsDeps, command: ListExecutionsQuery): Promise<ListExecutionsResponse> {
  const { rows, total, byStatus } = await deps.executions.list(command);
  return {
    executions: rows.map(toExecutionSummary),
    total,
    page: command.page,
    total_pages: totalPages(total, command.limit),
    limit: command.limit,
    running: byStatus.running ?? 0,
    completed: byStatus.completed ?? 0,
    failed: byStatus.failed ?? 0,
    pending: byStatus.pending ?? 0,
  };
}
