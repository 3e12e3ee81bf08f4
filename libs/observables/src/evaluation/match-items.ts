import type { EvalSubagent } from '@huntforge/contracts/workflow';
import { refang } from '../refang';
import { straightenQuotes } from '../aggregate/normalise';
import type { ExpectedItems } from './ground-truth';

export interface ItemScore {
  matched: string[];
  missed: string[];
  extra: string[];
  precision: number;
  recall: number;
  f1: number;
}

const collapse = (text: string) => straightenQuotes(text).replace(/\s+/g, ' ').trim().toLowerCase();

function registryKey(text: string): string {
  return collapse(text)
    .replace(/\\{2,}/g, '\\')
    .replace(/^(?:registry::)?hkey_local_machine|^hklm:?/, 'hklm')
    .replace(/^(?:registry::)?hkey_current_user|^hkcu:?/, 'hkcu')
    .replace(/^hkey_users|^hku:?/, 'hku')
    .replace(/^hkey_classes_root|^hkcr:?/, 'hkcr')
    .replace(/\\+$/, '');
}

/** The comparison form of an item (see the evaluation routes' description in /docs). */
export function normaliseItem(subagent: EvalSubagent, text: string): string {
  switch (subagent) {
    case 'cmdline':
      return collapse(text).replace(/\\\\/g, '\\');
    case 'process_lineage':
      return collapse(text)
        .replace(/\.exe\b/g, '')
        .replace(/\s*(?:->|→|>)\s*/, ' -> ');
    case 'registry_artifacts':
      return registryKey(text);
    case 'scheduled_tasks':
      return collapse(text).replace(/^\\+/, '');
    case 'network_indicators':
      return collapse(refang(text)).replace(/\.$/, '').replace(/\/$/, '');
    case 'sigma':
      return text.trim().toLowerCase();
    default:
      return collapse(text);
  }
}

const ATOM_MODIFIERS = new Set([
  'eq',
  'contains',
  'startswith',
  'endswith',
  'all',
  'base64',
  'base64offset',
  'utf16le',
  'utf16be',
  'utf16',
  'wide',
  'windash',
  're',
  'i',
  'm',
  's',
  'cidr',
  'lt',
  'lte',
  'gt',
  'gte',
  'exists',
  'fieldref',
  'expand',
  'cased',
]);

/** `class::field|modifiers|value` split into its parts (a value may itself hold `|`). */
function atomParts(atom: string): { key: string; value: string } {
  const [cls = '', rest = ''] = atom.split(/::(.*)/s);
  const segments = rest.split('|');
  const field = segments.shift() ?? '';
  while (segments.length > 1 && ATOM_MODIFIERS.has(segments[0] ?? '')) segments.shift();
  return { key: `${cls}::${field}`, value: segments.join('|') };
}

/**
 * Sigma atoms match within one telemetry class and field when the values are equal or one contains the
 * other (a generated `CommandLine|contains` of a longer fragment still detects what the expected rule
 * does); values under three characters must be equal.
 */
function atomsMatch(actual: string, expected: string): boolean {
  const a = atomParts(actual);
  const e = atomParts(expected);
  if (a.key !== e.key) return false;
  if (a.value === e.value) return true;
  return Math.min(a.value.length, e.value.length) >= 3 && (a.value.includes(e.value) || e.value.includes(a.value));
}

function matches(subagent: EvalSubagent, actual: string, expected: string): boolean {
  const a = normaliseItem(subagent, actual);
  const e = normaliseItem(subagent, expected);
  if (subagent === 'hunt_queries') return a.includes(e);
  if (subagent === 'sigma') return atomsMatch(a, e);
  if (a === e) return true;
  // A key given without its hive matches the same path under any hive.
  if (subagent === 'registry_artifacts') return a.replace(/^hk\w+\\/, '') === e.replace(/^hk\w+\\/, '');
  return false;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

/**
 * Compares extracted items with the truth as sets: duplicates (after normalisation) count once; an
 * extracted item matching an optional item is neither matched nor extra. With nothing expected and
 * nothing extracted both precision and recall are 1.
 */
export function scoreItems(subagent: EvalSubagent, expected: ExpectedItems, actual: readonly string[]): ItemScore {
  const distinct = [...new Map(actual.map((item) => [normaliseItem(subagent, item), item])).values()];
  const matched = expected.required.filter((truth) => distinct.some((item) => matches(subagent, item, truth)));
  const missed = expected.required.filter((truth) => !matched.includes(truth));
  const extra = distinct.filter(
    (item) =>
      !expected.required.some((truth) => matches(subagent, item, truth)) &&
      !expected.optional.some((truth) => matches(subagent, item, truth)),
  );
  const hits = distinct.filter((item) => expected.required.some((truth) => matches(subagent, item, truth))).length;
  const precision = ratio(hits, hits + extra.length);
  const recall = ratio(matched.length, expected.required.length);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { matched, missed, extra, precision, recall, f1 };
}
