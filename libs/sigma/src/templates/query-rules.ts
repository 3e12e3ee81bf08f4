import type { HuntQueryItem } from '@huntforge/contracts/extraction';
import type { SigmaDetection } from '@huntforge/contracts/sigma';
import { positiveEvent } from '../from-query/positive-event';
import { sigmaDetection } from '../from-query/sigma-detection';
import type { SigmaNode } from '../from-query/sigma-tree';
import { translateQuery, type TranslatedQuery } from '../from-query/translate-query';
import type { Platform } from '../from-query/ecs-fields';
import { mergeTags, tagsForExecutable } from './attack-inference';
import { behaviourTags, knownBehaviour, programLabel } from './behaviour-titles';
import { buildRule, citation, type ArticleRef, type RuleDraft, type TemplateClass } from './rule-draft';
import { persistenceKind } from './file-writes';

/** What the query rules read of the generator's input. */
export interface QueryRuleInput {
  article: ArticleRef;
  platform: string;
  huntQueries?: HuntQueryItem[];
}

/** The rule engine's word on a translated rule: it compiles, fires on the event its query describes, and on no benign one. */
export interface QueryRuleChecks {
  queryRuleHolds?(rule: { logsource: Record<string, string>; detection: SigmaDetection }, event: Record<string, string>): boolean;
}

const LANGUAGE_LABELS: Readonly<Record<string, string>> = {
  eql: 'EQL',
  esql: 'ES|QL',
  lucene: 'Lucene',
  kql: 'KQL',
  auditd: 'Auditd',
  falco: 'Falco',
  sysmon: 'Sysmon Configuration',
  spl: 'SPL',
  osquery: 'osquery',
  xql: 'XQL',
};
const CLASSES: Readonly<Record<string, TemplateClass>> = {
  process_creation: 'process_creation',
  file_event: 'file_event',
  registry_set: 'registry_set',
  network_connection: 'network_connection',
  dns_query: 'dns_query',
  image_load: 'image_load',
  ps_script: 'ps_script',
  process_access: 'process_access',
  driver_load: 'driver_load',
};

/** The article's platform as the translation's hint for a query that names no OS. */
export function queryPlatform(platform: string): Platform | null {
  return platform === 'windows' || platform === 'linux' || platform === 'macos' ? platform : null;
}

/** How a query's translations went: the rules kept, and how many queries were left out (untranslatable or not holding). */
export interface QueryRuleOutcome {
  drafts: RuleDraft[];
  translated: number;
  dropped: number;
}

/**
 * The article's own hunt queries translated to Sigma (from-query/): a detection engineer's first rules for an article
 * that publishes its queries are those queries in the engineer's own stack. A query is kept only when every part of
 * it translates, its rule fires on the event its query describes, and never on the benign baseline (the checks,
 * which only the rule engine can answer); without the checks no query rule is written.
 */
export function queryRuleOutcome(input: QueryRuleInput, checks?: QueryRuleChecks): QueryRuleOutcome {
  const outcome: QueryRuleOutcome = { drafts: [], translated: 0, dropped: 0 };
  const hint = queryPlatform(input.platform);
  (input.huntQueries ?? []).forEach((item, index) => {
    const translation = translateQuery(item.value, item.language, hint);
    if (!translation.ok) {
      if (LANGUAGE_LABELS[item.language]) outcome.dropped++;
      return;
    }
    const drafts = translation.rules.flatMap((translated, part) => {
      const detection = sigmaDetection(translated.condition);
      const platform = (translated.logsource.product as Platform) ?? 'windows';
      const event = positiveEvent(translated.condition, platform === 'linux' || platform === 'macos' ? platform : 'windows');
      if (!event || !checks?.queryRuleHolds?.({ logsource: translated.logsource, detection }, event)) return [];
      return [draftOf(input, item, translated, detection, `${index}|${part}`)];
    });
    if (drafts.length === 0) outcome.dropped++;
    else outcome.translated++;
    outcome.drafts.push(...drafts);
  });
  return outcome;
}

export const queryRules = (input: QueryRuleInput, checks?: QueryRuleChecks): RuleDraft[] => queryRuleOutcome(input, checks).drafts;

function draftOf(
  input: QueryRuleInput,
  item: HuntQueryItem,
  translated: TranslatedQuery,
  detection: SigmaDetection,
  part: string,
): RuleDraft {
  const { logsource } = translated;
  const { title, tags } = behaviourOf(translated);
  const language = LANGUAGE_LABELS[item.language] ?? item.language.toUpperCase();
  const values = valuesOf(translated.condition);
  return {
    telemetryClass: telemetryClassOf(translated),
    rule: buildRule(
      {
        title: `${title} (From The Article ${language} Query)`,
        description: `Detects what the ${language} hunt query ${citation(input.article)} looks for, translated to Sigma.`,
        logsource: { ...logsource },
        detection,
        tags,
        level: 'medium',
        falsepositives: ['Whatever the published query also matches in the environment: review its first results before alerting'],
      },
      input.article,
      `${input.article.url}|hunt_query|${part}|${values.join('\u0000')}`,
    ),
    detectionValues: values,
  };
}

// Windows' System and Security log events a query names by EventID: what each records, as a title and a class.
const WINDOWS_EVENTS: Readonly<Record<string, { title: string; telemetry: TemplateClass }>> = {
  '7045': { title: 'Suspicious Service Installation', telemetry: 'service_creation' },
  '4697': { title: 'Suspicious Service Installation', telemetry: 'service_creation' },
  '4698': { title: 'Suspicious Scheduled Task Creation', telemetry: 'scheduled_task_creation' },
  '4702': { title: 'Suspicious Scheduled Task Update', telemetry: 'scheduled_task_creation' },
};
const windowsEvent = ({ logsource, condition }: TranslatedQuery) =>
  logsource.product === 'windows' && (logsource.service === 'system' || logsource.service === 'security')
    ? WINDOWS_EVENTS[positiveValues(condition, 'EventID')[0] ?? '']
    : undefined;

function telemetryClassOf(translated: TranslatedQuery): TemplateClass {
  const { logsource } = translated;
  if (logsource.product === 'windows' && logsource.service) return windowsEvent(translated)?.telemetry ?? 'event_log';
  // The Linux audit log is a host's, not a cloud's: its rules are compared with SigmaHQ's auditd rules.
  if (logsource.service === 'auditd') return 'linux_auditd';
  return logsource.service ? 'cloud_audit' : (CLASSES[logsource.category ?? ''] ?? 'process_creation');
}

function valuesOf(node: SigmaNode): string[] {
  if (node.kind === 'cmp') return node.values;
  if (node.kind === 'not') return valuesOf(node.child);
  return node.children.flatMap(valuesOf);
}

/** The positive values of one field, first found first. */
function positiveValues(node: SigmaNode, field: string): string[] {
  if (node.kind === 'cmp') return node.field === field ? node.values : [];
  if (node.kind === 'not') return [];
  return node.children.flatMap((child) => positiveValues(child, field));
}

/** A query's name as a title: words only, each capitalised; null when it is too long or holds no words. */
function titled(name: string): string | null {
  const words = name
    .replace(/["'`]/g, '')
    .replace(/[^\w .:/()-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (words.length < 8 || words.length > 70) return null;
  return words.replace(/(^|\s)([a-z])/g, (_all, before: string, letter: string) => before + letter.toUpperCase());
}

const CLOUD_PROVIDERS: Readonly<Record<string, string>> = { aws: 'AWS', okta: 'Okta', azure: 'Azure', m365: 'Microsoft 365', gcp: 'GCP' };

const BEHAVIOURS: Readonly<Record<string, string>> = {
  process_creation: 'Suspicious Process Execution',
  file_event: 'Suspicious File Creation',
  registry_set: 'Suspicious Registry Value Set',
  network_connection: 'Suspicious Network Connection',
  dns_query: 'Suspicious DNS Query',
  image_load: 'Suspicious Module Load',
  process_access: 'Suspicious Process Access',
};

/** A title and ATT&CK tags for what the query looks for: a known program behaviour, the program, or the event kind. */
function behaviourOf({ logsource, condition, name }: TranslatedQuery): { title: string; tags: string[] } {
  const clean = (text: string) => text.replace(/[^\w .:/-]/g, '').trim();
  // The author's own name for the query says what it looks for, as a title does.
  const named = name ? titled(name) : null;
  if (named) return { title: named, tags: [] };
  // A query on paths (a file event, an auditd watch) is named for the persistence folder it watches, as the
  // generator's own file rules are.
  const paths = [...positiveValues(condition, 'TargetFilename'), ...positiveValues(condition, 'name')];
  const watched = persistenceKind(paths);
  if (watched && (logsource.category === 'file_event' || logsource.service === 'auditd'))
    return {
      // The auditd record is any touch of the watched path (its -p permissions), the file event a write.
      title: logsource.service === 'auditd' ? `${watched.subject} Path Touched` : `${watched.subject} Written`,
      tags: watched.tags,
    };
  const windows = windowsEvent({ logsource, condition });
  if (windows) return { title: windows.title, tags: [] };
  if (logsource.service && CLOUD_PROVIDERS[logsource.product ?? '']) {
    const events = [
      ...positiveValues(condition, 'eventName'),
      ...positiveValues(condition, 'eventType'),
      ...positiveValues(condition, 'operationName'),
    ]
      .map(clean)
      .filter(Boolean);
    const provider = CLOUD_PROVIDERS[logsource.product ?? ''];
    const named = events.length > 0 && events.length <= 2 ? ` ${events.join(' Or ')}` : '';
    return { title: `${provider}${named} Activity`, tags: [] };
  }
  const image = positiveValues(condition, 'Image')[0]?.split(/[\\/]/).pop();
  if (logsource.category === 'process_creation' && image && /^[\w.-]+$/.test(image)) {
    const line = [image, ...positiveValues(condition, 'CommandLine')].join(' ');
    const known = knownBehaviour(image, line);
    const tags = mergeTags(behaviourTags(image, [line]) ?? tagsForExecutable(image));
    return { title: known ?? `Suspicious ${programLabel(image)} Execution`, tags };
  }
  // The process another opens is what a process access rule is about (lsass.exe: credential dumping).
  const target = positiveValues(condition, 'TargetImage')[0]?.split(/[\\/]/).pop();
  if (logsource.category === 'process_access' && target && /^[\w.-]+$/.test(target))
    return {
      title: `Suspicious Process Access To ${programLabel(target)}`,
      tags: target.toLowerCase() === 'lsass.exe' ? ['attack.credential-access', 'attack.t1003.001'] : [],
    };
  const service = logsource.service === 'auditd' ? 'Auditd Records' : null;
  return { title: BEHAVIOURS[logsource.category ?? ''] ?? (service ? `Suspicious ${service}` : 'Suspicious Activity'), tags: [] };
}
