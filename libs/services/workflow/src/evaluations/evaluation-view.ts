import { toEvalSubagent, type EvalRecordView, type EvalSubagent } from '@huntforge/contracts/workflow';
import { countVerdict, roundFigure, scoreItems, type ScoredRecord } from '@huntforge/observables';
import type { EvaluationRow } from '../repositories/evaluation-repository';
import { storedExpected } from './score-evaluation';

const strings = (raw: unknown): string[] | null => (Array.isArray(raw) ? raw.map(String) : null);

/** Item-level figures of a record, recomputed from its stored items (the scorer is cheap and pure). */
function itemFigures(row: EvaluationRow) {
  const expected = storedExpected(row.expectedItems);
  const actual = strings(row.actualItems);
  if (row.status !== 'completed' || !expected || !actual) return null;
  return scoreItems(toEvalSubagent(row.subagent) as EvalSubagent, expected, actual);
}

const classOf = (atom: string) => atom.split('::')[0] ?? '';

/** Sigma records: telemetry classes of the expected and generated rules (atoms carry their class). */
function telemetryClasses(row: EvaluationRow): EvalRecordView['telemetry_classes'] {
  if (row.subagent !== 'sigma' || row.status !== 'completed') return null;
  const expected = [...new Set((storedExpected(row.expectedItems)?.required ?? []).map(classOf))].sort();
  const generated = [...new Set((strings(row.actualItems) ?? []).map(classOf))].sort();
  const shared = generated.filter((cls) => expected.includes(cls)).length;
  return {
    expected,
    generated,
    precision: generated.length === 0 ? (expected.length === 0 ? 1 : 0) : roundFigure(shared / generated.length),
    recall: expected.length === 0 ? 1 : roundFigure(shared / expected.length),
  };
}

function undecomposableOf(row: EvaluationRow): number | null {
  const value = (row.output as { undecomposable?: unknown } | null)?.undecomposable;
  return row.subagent === 'sigma' && typeof value === 'number' ? value : null;
}

export function toRecordView(row: EvaluationRow): EvalRecordView {
  const expected = storedExpected(row.expectedItems);
  const figures = itemFigures(row);
  const counted = row.status === 'completed' && row.expectedCount !== null && row.actualCount !== null;
  return {
    id: row.id,
    subagent: row.subagent,
    article_id: row.articleId,
    article_url: row.articleUrl,
    article_title: row.article?.title ?? null,
    execution_id: row.workflowExecutionId,
    config_version: row.configVersion,
    provider: row.provider,
    model: row.model,
    status: row.status as EvalRecordView['status'],
    expected_count: row.expectedCount,
    actual_count: row.actualCount,
    score: row.score,
    count_verdict: counted ? countVerdict(row.actualCount as number, row.expectedCount as number) : null,
    matched_count: row.matchedCount,
    missed_count: row.missedCount,
    extra_count: row.extraCount,
    precision: figures ? roundFigure(figures.precision) : null,
    recall: figures ? roundFigure(figures.recall) : null,
    f1: figures ? roundFigure(figures.f1) : null,
    expected_items: expected?.required ?? null,
    optional_items: expected?.optional ?? [],
    actual_items: strings(row.actualItems),
    matched_items: figures?.matched ?? [],
    missed_items: figures?.missed ?? [],
    extra_items: figures?.extra ?? [],
    error: row.error,
    telemetry_classes: telemetryClasses(row),
    undecomposable: undecomposableOf(row),
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The aggregate's view of a completed record. */
export function toScoredRecord(row: EvaluationRow): ScoredRecord {
  const figures = itemFigures(row);
  return {
    configVersion: row.configVersion,
    model: row.model,
    articleKey: row.articleUrl ?? String(row.articleId),
    expectedCount: row.expectedCount,
    actualCount: row.actualCount,
    precision: figures?.precision ?? null,
    recall: figures?.recall ?? null,
    f1: figures?.f1 ?? null,
    completedAt: row.completedAt,
  };
}
