import { EXECUTION_ERROR_CODES, type ExecutionStatusValue } from '@huntforge/contracts/executions';
import { HttpError } from '@huntforge/platform';
import type { ExecutionRow } from '../pipeline/pipeline-port';

/** Refusal because the article already has an active, not stuck, execution (409 with execution_id null). */
export class ActiveExecutionRefusal extends Error {
  constructor(readonly active: ExecutionRow) {
    super(`article ${active.articleId} already has an active workflow execution (${active.id}, ${active.status})`);
    this.name = 'ActiveExecutionRefusal';
  }
}

export function notFound(what: 'article' | 'execution', id: number): HttpError {
  const code = what === 'article' ? EXECUTION_ERROR_CODES.articleNotFound : EXECUTION_ERROR_CODES.executionNotFound;
  return new HttpError(404, code, `${what} ${id} not found`);
}

export function invalidTransition(row: ExecutionRow, action: string, allowed: ExecutionStatusValue[]): HttpError {
  return new HttpError(
    409,
    EXECUTION_ERROR_CODES.invalidTransition,
    `cannot ${action} execution ${row.id}: it is ${row.status} (allowed from ${allowed.join(' or ')})`,
    { execution_id: row.id, status: row.status, allowed_from: allowed },
  );
}
