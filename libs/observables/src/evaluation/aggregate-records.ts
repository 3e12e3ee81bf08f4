import { countVerdict } from './count-accuracy';

/** A completed evaluation record, as the aggregate reads it. */
export interface ScoredRecord {
  configVersion: number | null;
  model: string | null;
  articleKey: string;
  expectedCount: number | null;
  actualCount: number | null;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  completedAt: Date | null;
}

export interface VersionAggregate {
  config_version: number | null;
  models: string[];
  records: number;
  scored_articles: number;
  mean_score: number | null;
  raw_mae: number | null;
  nmae: number | null;
  score_distribution: Record<string, number>;
  count_accuracy: { pass: number; partial: number; fail: number };
  mean_precision: number | null;
  mean_recall: number | null;
  mean_f1: number | null;
  last_run_at: string | null;
}

const mean = (values: number[]) => (values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length);
/** Figures are reported to four decimals. */
export const roundFigure = (value: number): number => Math.round(value * 10_000) / 10_000;
const round = (value: number | null) => (value === null ? null : roundFigure(value));

/**
 * Figures of one config version. Each article counts once: its latest record (an article evaluated
 * twice under one version would otherwise weigh double). nMAE = Σ|actual − expected| ÷ Σ expected.
 */
export function aggregateVersion(configVersion: number | null, records: readonly ScoredRecord[]): VersionAggregate {
  const latest = new Map<string, ScoredRecord>();
  for (const record of records) {
    const known = latest.get(record.articleKey);
    if (!known || (record.completedAt?.getTime() ?? 0) >= (known.completedAt?.getTime() ?? 0)) latest.set(record.articleKey, record);
  }
  const counted = [...latest.values()].filter((r) => r.expectedCount !== null && r.actualCount !== null);
  const scores = counted.map((r) => (r.actualCount as number) - (r.expectedCount as number));
  const distribution: Record<string, number> = {};
  const accuracy = { pass: 0, partial: 0, fail: 0 };
  for (const r of counted) {
    const score = (r.actualCount as number) - (r.expectedCount as number);
    distribution[String(score)] = (distribution[String(score)] ?? 0) + 1;
    accuracy[countVerdict(r.actualCount as number, r.expectedCount as number)]++;
  }
  const expectedTotal = counted.reduce((sum, r) => sum + (r.expectedCount as number), 0);
  const absolute = scores.reduce((sum, s) => sum + Math.abs(s), 0);
  const itemLevel = [...latest.values()].filter((r) => r.precision !== null && r.recall !== null);
  const last = records.reduce<Date | null>((max, r) => (r.completedAt && (!max || r.completedAt > max) ? r.completedAt : max), null);
  return {
    config_version: configVersion,
    models: [...new Set(records.map((r) => r.model ?? 'builtin'))].sort(),
    records: records.length,
    scored_articles: counted.length,
    mean_score: round(mean(scores)),
    raw_mae: round(mean(scores.map(Math.abs))),
    nmae: counted.length === 0 ? null : round(expectedTotal === 0 ? absolute : absolute / expectedTotal),
    score_distribution: distribution,
    count_accuracy: accuracy,
    mean_precision: round(mean(itemLevel.map((r) => r.precision as number))),
    mean_recall: round(mean(itemLevel.map((r) => r.recall as number))),
    mean_f1: round(mean(itemLevel.map((r) => r.f1 as number))),
    last_run_at: last?.toISOString() ?? null,
  };
}

/** Aggregates per config version, newest version first. */
export function aggregateByVersion(records: readonly ScoredRecord[]): VersionAggregate[] {
  const groups = new Map<number | null, ScoredRecord[]>();
  for (const record of records) groups.set(record.configVersion, [...(groups.get(record.configVersion) ?? []), record]);
  return [...groups.entries()].sort(([a], [b]) => (b ?? -1) - (a ?? -1)).map(([version, group]) => aggregateVersion(version, group));
}
