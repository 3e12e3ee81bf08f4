// The pieces every rule family of the builtin SigmaAgent builds its drafts with: the product a platform's telemetry
// is logged under, Image suffixes, selections and the draft itself, so each family's rules look alike.
import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { buildRule, type RuleBody, type RuleDraft, type TemplateClass } from './rule-draft';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

/** Selections per rule: beyond this a rule is split, so one noisy observable cannot hide the rest. */
export const MAX_SELECTIONS = 5;
export const MAX_TOKENS = 3;

export const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));

export const baseName = (path: string) =>
  path
    .replace(/^["']|["']$/g, '')
    .split(/[\\/]/)
    .pop() ?? path;

export function productOf(platform: TemplatePlatform): string {
  return platform === 'linux' ? 'linux' : platform === 'macos' ? 'macos' : 'windows';
}

/**
 * The Image suffix of a program. Articles write Windows programs without their extension (`sc`,
 * `net`), but Sysmon's Image always carries it, so a bare Windows name gets `.exe` or the rule
 * could never fire.
 */
export function imageSuffix(platform: TemplatePlatform, fileName: string): string {
  if (productOf(platform) !== 'windows') return `/${fileName}`;
  return /\.[a-z0-9]{2,4}$/i.test(fileName) ? `\\${fileName}` : `\\${fileName}.exe`;
}

/**
 * A detection value as a matcher sees it: Sigma compares strings case-insensitively, and neither the
 * order of a list nor of a map's keys changes what matches. Two values with the same canonical form
 * select the same events.
 */
export function canonical(value: unknown): string {
  const normal = (node: unknown): unknown => {
    if (typeof node === 'string') return node.toLowerCase();
    if (Array.isArray(node)) return [...new Set(node.map((item) => JSON.stringify(normal(item))))].sort();
    if (node && typeof node === 'object') {
      return Object.fromEntries(
        Object.entries(node)
          .map(([key, item]) => [key.toLowerCase(), normal(item)] as const)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      );
    }
    return node;
  };
  return JSON.stringify(normal(value));
}

export function selections(entries: SigmaFieldMap[]): { detection: SigmaDetection; values: string[] } {
  const detection: SigmaDetection = { condition: entries.length === 1 ? 'selection' : '1 of selection_*' };
  const values: string[] = [];
  entries.forEach((entry, index) => {
    detection[entries.length === 1 ? 'selection' : `selection_${index + 1}`] = entry;
    for (const value of Object.values(entry)) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') values.push(item);
    }
  });
  return { detection, values };
}

export function draft(telemetryClass: TemplateClass, body: RuleBody, values: string[], input: BuiltinSigmaInput, part: number): RuleDraft {
  const seed = `${input.article.url}|${telemetryClass}|${part}|${values.join('\u0000')}`;
  return { telemetryClass, rule: buildRule(body, input.article, seed), detectionValues: values };
}

export const processLogsource = (platform: TemplatePlatform) => ({ category: 'process_creation', product: productOf(platform) });

/**
 * A registry name as a title may carry it: quotes and their escapes dropped (`\"C:\Windows\svchost.exe\"` as the
 * article printed a value name), a path reduced to its last part, so no stray quote or path reaches the title.
 */
export function titleName(name: string): string {
  const bare = name.replace(/\\?["'“”]/g, '').trim();
  return bare.split('\\').filter(Boolean).at(-1) ?? bare;
}
