import { executionRuleRecords, type StixBundle } from '@huntforge/contracts/executions';
import { observableSchema, type Observable } from '@huntforge/contracts/extraction';
import type { TargetSpec } from '../convert/convert-targets';
import { executionStixBundle } from './execution-bundle';

/** An execution row as stored: JSON columns untyped, as the workflow service and the MCP tools read them. */
export interface StoredExecution {
  id: number;
  createdAt: Date;
  finishedAt: Date | null;
  extractionResult: unknown;
  sigmaRules: unknown;
  article: { id: number; title: string; url: string; publishedAt: Date | null };
}

/** The observables of a stored extraction result; entries that no longer fit the contract are left out. */
function storedObservables(extractionResult: unknown): Observable[] {
  const observables = (extractionResult as { observables?: unknown } | null)?.observables;
  if (!Array.isArray(observables)) return [];
  return observables.flatMap((item) => {
    const parsed = observableSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * A stored execution as a STIX 2.1 bundle (the HTTP export and the MCP tool answer with the same one), with the
 * Sigma indicators' queries for the team's targets.
 */
export function storedExecutionStix(row: StoredExecution, queryTargets: readonly TargetSpec[] = []): StixBundle {
  return executionStixBundle({
    executionId: row.id,
    article: row.article,
    producedAt: row.finishedAt ?? row.createdAt,
    observables: storedObservables(row.extractionResult),
    rules: executionRuleRecords(row.sigmaRules),
    queryTargets,
  });
}
