import { createHash } from 'node:crypto';
import { cloneDoc } from '../parse/clone';
import { isKnownTechnique } from '../attack/attack-catalog';
import { isPlainObject, parseSigmaRule } from '../parse/parse-rule';
import { renderRule } from '../render/render-rule';
import { preferredFieldName } from '../similarity/field-aliases';
import { telemetryClass, type Logsource } from '../logsource/telemetry-class';
import { TACTIC_LEVEL, TECHNIQUE_HINTS } from './technique-hints';

/** What the builtin enricher knows about where a rule came from (all optional). */
export interface EnrichmentContext {
  article?: { title?: string | null; url?: string | null; content?: string | null };
  execution?: { id?: number | null };
  /** YYYY-MM-DD used for a missing `date` (passed in so the function stays deterministic). */
  today?: string;
}

export interface EnrichmentResult {
  ruleYaml: string;
  /** One line per change, in the order made. */
  changes: string[];
}

const CATEGORY_FALSE_POSITIVES: Record<string, string> = {
  process_creation: 'Legitimate administrative or software-deployment use of the same command lines',
  registry: 'Software installers and updates writing the same registry keys',
  file_event: 'Legitimate software creating files in the same locations',
  network_connection: 'Legitimate applications contacting the same hosts',
  powershell: 'Administrative PowerShell scripts using the same cmdlets',
};

/**
 * Deterministic enrichment (the `builtin` provider): fills a missing description, references,
 * falsepositives, level, id, status and date, adds ATT&CK tags inferred from the detection content
 * and from technique ids the article names, and normalises aliased field names to the Sigma
 * taxonomy. Existing values are kept; every change is listed.
 */
export function enrichRuleBuiltin(ruleYaml: string, context: EnrichmentContext = {}): EnrichmentResult {
  const parsed = parseSigmaRule(ruleYaml);
  if (!parsed.ok) throw new Error(`cannot enrich: ${parsed.findings[0]?.message ?? 'unparseable rule'}`);
  const doc: Record<string, unknown> = cloneDoc(parsed.rule.doc);
  const changes: string[] = [];
  const title = typeof doc.title === 'string' ? doc.title : 'Suspicious activity';
  const article = context.article ?? {};

  if (typeof doc.id !== 'string') {
    doc.id = deterministicUuid(ruleYaml);
    changes.push(`added id ${String(doc.id)}`);
  }
  if (typeof doc.status !== 'string') {
    doc.status = 'experimental';
    changes.push('set status experimental');
  }
  if (typeof doc.description !== 'string' || doc.description.trim() === '') {
    doc.description = article.title ? `Detects ${title} as described in "${article.title}".` : `Detects ${title}.`;
    changes.push('added a description');
  }
  const references = stringList(doc.references);
  if (article.url && !references.includes(article.url)) {
    doc.references = [...references, article.url];
    changes.push(`added reference ${article.url}`);
  }
  if (typeof doc.date !== 'string' && context.today) {
    doc.date = context.today;
    changes.push(`set date ${context.today}`);
  }

  const renamed = normaliseFieldNames(doc);
  if (renamed.length > 0) changes.push(`renamed fields ${renamed.join(', ')}`);

  const tags = stringList(doc.tags);
  const added = inferTags(JSON.stringify(doc.detection ?? {}), article.content ?? '').filter((tag) => !tags.includes(tag));
  if (added.length > 0) {
    doc.tags = [...tags, ...added];
    changes.push(`added tags ${added.join(', ')}`);
  }

  const logsource = isPlainObject(doc.logsource) ? (doc.logsource as Logsource) : {};
  if (!Array.isArray(doc.falsepositives) || doc.falsepositives.length === 0) {
    doc.falsepositives = [CATEGORY_FALSE_POSITIVES[telemetryClass(logsource)] ?? 'Unknown'];
    changes.push('added falsepositives');
  }
  if (typeof doc.level !== 'string') {
    doc.level = levelFor(stringList(doc.tags));
    changes.push(`set level ${String(doc.level)}`);
  }
  return { ruleYaml: changes.length > 0 ? renderRule(doc) : ruleYaml, changes };
}

/** ATT&CK tags (tactic first, then technique) from detection-content hints and technique ids in the article. */
export function inferTags(detectionText: string, articleText: string): string[] {
  const tags: string[] = [];
  const push = (tag: string): void => void (tags.includes(tag) || tags.push(tag));
  for (const hint of TECHNIQUE_HINTS) {
    if (hint.pattern.test(detectionText)) {
      push(`attack.${hint.tactic}`);
      push(`attack.${hint.technique}`);
    }
  }
  for (const match of articleText.matchAll(/\bT\d{4}(?:\.\d{3})?\b/g)) {
    if (isKnownTechnique(match[0])) push(`attack.${match[0].toLowerCase()}`);
  }
  return tags;
}

function levelFor(tags: string[]): string {
  const levels = tags.map((tag) => TACTIC_LEVEL[tag.replace(/^attack\./, '')]).filter(Boolean);
  if (levels.includes('high')) return 'high';
  if (levels.length > 0 && levels.every((level) => level === 'low')) return 'low';
  return 'medium';
}

/** Sigma's taxonomy (category log sources) uses Sysmon field names; rename aliases such as NewProcessName. */
function normaliseFieldNames(doc: Record<string, unknown>): string[] {
  if (!isPlainObject(doc.logsource) || typeof doc.logsource.category !== 'string' || !isPlainObject(doc.detection)) return [];
  const renamed: string[] = [];
  const renameKeys = (map: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(map).map(([key, value]) => {
        const [field, ...modifiers] = key.split('|');
        const preferred = field ? preferredFieldName(field) : field;
        if (preferred && preferred !== field) renamed.push(`${field} → ${preferred}`);
        return [[preferred, ...modifiers].join('|'), value];
      }),
    );
  for (const [name, body] of Object.entries(doc.detection)) {
    if (name === 'condition') continue;
    if (isPlainObject(body)) doc.detection[name] = renameKeys(body);
    else if (Array.isArray(body)) doc.detection[name] = body.map((entry) => (isPlainObject(entry) ? renameKeys(entry) : entry));
  }
  return [...new Set(renamed)];
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A UUID-shaped id derived from the rule text, so the same rule always gets the same id. */
function deterministicUuid(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
