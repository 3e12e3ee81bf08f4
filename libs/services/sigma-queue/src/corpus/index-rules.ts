import { createHash } from 'node:crypto';
import { analyseRuleDocument, isPlainObject, validateSigmaRule } from '@huntforge/sigma';
import type { ReferenceRuleInput, ReferenceRuleRepository } from '../repositories/reference-rule-repository';

/** What indexing writes through: the stored hashes, batched upserts, and removal of what is gone. */
export type RuleIndexWriter = Pick<ReferenceRuleRepository, 'hashes' | 'upsertMany' | 'deleteMissing'>;
import type { RuleFile } from './rule-files';

export interface IndexSummary {
  files: number;
  indexed: number;
  unchanged: number;
  deprecated: number;
  invalid: number;
  duplicates: number;
  removed: number;
}

const LICENSE_BY_ORIGIN = { sigmahq: 'DRL-1.1', customer: 'customer' } as const;

/** Rules written per transaction. */
const INDEX_BATCH = 250;

/**
 * Upserts rule files into the corpus by rule id: skips deprecated rules, rules whose content hash
 * is unchanged, invalid rules, and (for the customer repository) ids already held by another origin;
 * removes stored rules of the origin that no longer exist.
 */
export async function indexRuleFiles(
  files: readonly RuleFile[],
  origin: 'sigmahq' | 'customer',
  repo: RuleIndexWriter,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<IndexSummary> {
  const summary: IndexSummary = { files: files.length, indexed: 0, unchanged: 0, deprecated: 0, invalid: 0, duplicates: 0, removed: 0 };
  const stored = await repo.hashes();
  const seen = new Set<string>();
  const pending: ReferenceRuleInput[] = [];
  for (const [done, file] of files.entries()) {
    signal?.throwIfAborted();
    onProgress?.(done, files.length);
    const contentHash = createHash('sha256').update(file.text).digest('hex');
    const validation = validateSigmaRule(file.text);
    const doc = validation.rule?.doc;
    if (!doc || !validation.valid) {
      summary.invalid++;
      continue;
    }
    const ruleId = typeof doc.id === 'string' ? doc.id : `${origin}:${createHash('sha1').update(file.path).digest('hex').slice(0, 32)}`;
    if (doc.status === 'deprecated') {
      summary.deprecated++;
      continue;
    }
    if (seen.has(ruleId)) {
      summary.duplicates++;
      continue;
    }
    const existing = stored.get(ruleId);
    if (existing && existing.origin !== origin) {
      summary.duplicates++;
      continue;
    }
    seen.add(ruleId);
    if (existing?.contentHash === contentHash) {
      summary.unchanged++;
      continue;
    }
    const input = toInput(doc, file, origin, ruleId, contentHash);
    if (!input) {
      summary.invalid++;
      seen.delete(ruleId);
      continue;
    }
    pending.push(input);
    summary.indexed++;
    if (pending.length >= INDEX_BATCH) await repo.upsertMany(pending.splice(0));
  }
  await repo.upsertMany(pending.splice(0));
  summary.removed = await repo.deleteMissing(origin, seen);
  onProgress?.(files.length, files.length);
  return summary;
}

function toInput(
  doc: Record<string, unknown>,
  file: RuleFile,
  origin: 'sigmahq' | 'customer',
  ruleId: string,
  contentHash: string,
): ReferenceRuleInput | null {
  const analysed = analyseRuleDocument(doc);
  if (!analysed.ok) return null;
  const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
  return {
    ruleId,
    origin,
    path: file.path,
    title: text(doc.title) ?? file.path,
    author: text(doc.author),
    status: text(doc.status),
    level: text(doc.level),
    license: text(doc.license) ?? LICENSE_BY_ORIGIN[origin],
    yaml: file.text,
    contentHash,
    telemetryClass: analysed.atoms.telemetryClass,
    logsource: isPlainObject(doc.logsource) ? doc.logsource : {},
    tags: Array.isArray(doc.tags) ? doc.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    atoms: [
      ...analysed.atoms.positive.map((atom) => ({ atom, polarity: 'positive' as const })),
      ...analysed.atoms.filter.map((atom) => ({ atom, polarity: 'filter' as const })),
    ],
  };
}
