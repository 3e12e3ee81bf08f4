import type { HuntQueryLanguage } from '@huntforge/contracts/extraction';
import { isLogField, isMetaField, isUncarriedField, sigmaComparison, targetOf, type Platform, type Target } from './ecs-fields';
import { parseAuditd } from './parse-auditd';
import { parseEql } from './parse-eql';
import { parseEsql } from './parse-esql';
import { parseFalco } from './parse-falco';
import { parseKql } from './parse-kql';
import { parseOsquery } from './parse-osquery';
import { looksLikeKusto, parseKusto } from './parse-kusto';
import { parseSpl } from './parse-spl';
import { parseSysmon } from './parse-sysmon';
import { parseXql } from './parse-xql';
import { comparisons, NON_SELECTING, Untranslatable, without, type DropCode, type QueryNode } from './query-tree';
import type { SigmaNode } from './sigma-tree';

/** A query (or one step of a sequence, one log of an auditd rule set) as a Sigma rule's logsource and condition. */
export type { DropCode } from './query-tree';

export interface TranslatedQuery {
  logsource: Target['logsource'];
  condition: SigmaNode;
  /** The name the query's author gave it (a Falco rule's), when it has one. */
  name?: string;
}

/** A query's rules, or why it was left out: `code` sorts the reason, `reason` names what (the field, the operator). */
export type Translation = { ok: true; rules: TranslatedQuery[] } | { ok: false; reason: string; code: DropCode };

/** The languages translated into Sigma. */
export const TRANSLATED_LANGUAGES: ReadonlySet<string> = new Set<HuntQueryLanguage>([
  'eql',
  'esql',
  'lucene',
  'kql',
  'auditd',
  'falco',
  'sysmon',
  'spl',
  'osquery',
  'xql',
]);

/**
 * A hunt query the article published, as the Sigma rules a detection engineer writes for it: its logsource from what
 * the query reads, its condition with each field mapped to Sigma's taxonomy (ecs-fields.ts). A query with any
 * construct or field that cannot be carried over faithfully is not translated at all: a rule that tests less than
 * the query would fire where the article's query does not.
 */
export function translateQuery(text: string, language: string, platform: Platform | null): Translation {
  try {
    return { ok: true, rules: translated(text, language, platform) };
  } catch (error) {
    if (error instanceof Untranslatable) return { ok: false, reason: error.message, code: error.code };
    throw error;
  }
}

function translated(text: string, language: string, platform: Platform | null): TranslatedQuery[] {
  switch (language) {
    case 'eql': {
      const steps = parseEql(text);
      // A sequence step that asks for any event of its kind (`[network where true]`) is no rule of its own.
      const rules = steps.flatMap((step) =>
        steps.length > 1 && isAnyEvent(step.condition) ? [] : [endpoint(step.condition, { category: step.category, platform })],
      );
      if (rules.length === 0) throw new Untranslatable('nothing tested beyond the log');
      return rules;
    }
    case 'esql': {
      const query = parseEsql(text);
      return [endpoint(query.condition, { indices: query.indices, platform })];
    }
    case 'lucene':
    case 'kql':
      // Kusto (Microsoft's KQL: `DeviceProcessEvents | where …`) is another language under the same name.
      if (looksLikeKusto(text)) {
        return parseKusto(text).map((query) => endpoint(query.condition, { ...query, platform: platform ?? 'windows' }));
      }
      if (/\|\s*where\b/i.test(text)) throw new Untranslatable('Kusto');
      return [endpoint(parseKql(text, language), { platform })];
    case 'falco':
      // Falco watches Linux hosts (and, with its plugin, CloudTrail).
      return parseFalco(text).map((rule) => ({
        ...endpoint(rule.condition, {
          ...(rule.category ? { category: rule.category } : {}),
          indices: rule.cloudtrail ? ['cloudtrail'] : [],
          platform: 'linux',
        }),
        name: rule.name,
      }));
    case 'spl': {
      const search = parseSpl(text);
      const windows = search.indices.some((index) => /wineventlog|windows/i.test(index));
      return [endpoint(search.condition, { ...search, platform: windows ? 'windows' : platform })];
    }
    case 'sysmon':
      return parseSysmon(text);
    case 'osquery': {
      const query = parseOsquery(text);
      return [endpoint(query.condition, { category: query.category, platform: query.platform ?? platform })];
    }
    case 'xql': {
      const query = parseXql(text);
      return [endpoint(query.condition, { category: query.category, platform })];
    }
    case 'auditd': {
      const watches = parseAuditd(text);
      if (watches.length === 0) throw new Untranslatable('no auditd rule');
      return groupedByLogsource(watches);
    }
    default:
      throw new Untranslatable(`language ${language}`);
  }
}

const isAnyEvent = (node: QueryNode): boolean => node.kind === 'cmp' && node.field === '@present' && node.values[0]?.text === 'true';

/** A query's tree in Sigma's terms, the comparisons that only say which log to read left out. */
function endpoint(
  node: QueryNode,
  options: { category?: string; indices?: readonly string[]; platform: Platform | null },
): TranslatedQuery {
  // A query of only the log's own tests (its index, event kind, time window) selects nothing, whatever log it reads.
  if (comparisons(node).every((found) => isLogField(found.field) || found.field === NON_SELECTING || isUncarriedField(found.field)))
    throw new Untranslatable('nothing tested beyond the log');
  const target = targetOf(node, options);
  const tested = without(node, (field) => isMetaField(field, target) || field === NON_SELECTING || isUncarriedField(field));
  if (!tested) throw new Untranslatable('nothing tested beyond the log');
  if (comparisons(node).some((found) => found.field === NON_SELECTING || isUncarriedField(found.field)) && !selectsSpecifically(tested))
    throw new Untranslatable('too little selected without the tests Sigma cannot make');
  return { logsource: target.logsource, condition: toSigma(tested, target) };
}

/**
 * Whether a condition names its events closely enough to stand without a narrowing test it lost: two tests that must
 * hold, or one of something besides the program's name (a command line, a parent, a path); for an `or`, each way.
 */
function selectsSpecifically(node: QueryNode): boolean {
  // Either way of an `or` is a rule of its own: each must select something specific.
  if (node.kind === 'or') return node.children.every(selectsSpecifically);
  // An `or` that must hold is one test, a specific one when each of its ways is (`fd.name in (…) or fd.directory …`).
  const required = (current: QueryNode): QueryNode[] =>
    current.kind === 'cmp'
      ? [current]
      : current.kind === 'and'
        ? current.children.flatMap(required)
        : current.kind === 'or' && current.children.every(selectsSpecifically)
          ? [current]
          : [];
  const tests = required(node);
  return tests.length >= 2 || tests.some((test) => test.kind !== 'cmp' || !/^process\.(?:name|executable)$/.test(test.field));
}

function toSigma(node: QueryNode, target: Target): SigmaNode {
  switch (node.kind) {
    case 'cmp':
      return sigmaComparison(node.field, node.values, target);
    case 'not':
      return { kind: 'not', child: toSigma(node.child, target) };
    default: {
      // A field whose values take two modifiers is an `or` of its own: one `or` with its siblings.
      const children = node.children.map((child) => toSigma(child, target));
      return { kind: node.kind, children: children.flatMap((child) => (child.kind === node.kind ? child.children : [child])) };
    }
  }
}

/** An auditd rule set's watches, one rule per log: the files watched for writes together, the programs together. */
function groupedByLogsource(watches: readonly TranslatedQuery[]): TranslatedQuery[] {
  const byLog = new Map<string, TranslatedQuery[]>();
  for (const watch of watches) {
    const key = JSON.stringify(watch.logsource);
    byLog.set(key, [...(byLog.get(key) ?? []), watch]);
  }
  return [...byLog.values()].map((group) => ({
    logsource: (group[0] as TranslatedQuery).logsource,
    condition:
      group.length === 1 ? (group[0] as TranslatedQuery).condition : { kind: 'or', children: group.map((watch) => watch.condition) },
  }));
}
