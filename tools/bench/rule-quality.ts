// Rule-quality summary of the builtin SigmaAgent: what a detection engineer would reject on sight.
// Used by extraction-quality.ts for each article set; prints figures, never asserts.
import type { ExtractionResult } from '@huntforge/contracts/extraction';
import { isDefanged } from '@huntforge/observables';
import { builtinSigmaInput, generateBuiltinRules, selfTestRule, validateRuleDocument, type TemplatePlatform } from '@huntforge/sigma';

export interface RuleQualityArticle {
  id: string;
  title: string;
  url: string;
  platform: TemplatePlatform;
  extraction: ExtractionResult;
}

// Programs that are not images: cmd and shell built-ins, PowerShell aliases.
const NOT_IMAGES = new Set([
  'for',
  'call',
  'start',
  'set',
  'echo',
  'if',
  'cd',
  'copy',
  'del',
  'dir',
  'type',
  'move',
  'ren',
  'mkdir',
  'rmdir',
  'export',
  'source',
  'eval',
  'alias',
  'exec',
  'irm',
  'iwr',
  'iex',
  'sudo',
]);
const LONG_VALUE = 120;

interface Counts {
  articles: number;
  rules: number;
  invalid: number;
  notFiring: number;
  baselineFiring: number;
  builtinImages: number;
  bareWindowsImages: number;
  duplicateSelections: number;
  doubledPercent: number;
  longValues: number;
  defangedValues: number;
  placeholderValues: number;
  partTitles: number;
  repeatedTitles: number;
}

function values(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(values);
  if (node && typeof node === 'object') return Object.values(node).flatMap(values);
  return [];
}

function imagesOf(detection: Record<string, unknown>): string[] {
  return Object.values(detection)
    .filter((selection): selection is Record<string, unknown> => !!selection && typeof selection === 'object' && !Array.isArray(selection))
    .flatMap((selection) =>
      Object.entries(selection)
        .filter(([key]) => /^(Parent)?Image\|endswith$/.test(key))
        .flatMap(([, value]) => values(value)),
    );
}

export function ruleQuality(articles: RuleQualityArticle[], verbose: boolean): void {
  const counts: Counts = {
    articles: articles.length,
    rules: 0,
    invalid: 0,
    notFiring: 0,
    baselineFiring: 0,
    builtinImages: 0,
    bareWindowsImages: 0,
    duplicateSelections: 0,
    doubledPercent: 0,
    longValues: 0,
    defangedValues: 0,
    placeholderValues: 0,
    partTitles: 0,
    repeatedTitles: 0,
  };
  const titles = new Map<string, number>();
  const log: string[] = [];
  for (const article of articles) {
    const drafts = generateBuiltinRules(
      builtinSigmaInput({ title: article.title, url: article.url, date: '2026-01-01' }, article.platform, article.extraction),
    );
    for (const draft of drafts) {
      counts.rules++;
      const doc = draft.rule;
      const flag = (key: keyof Counts, what: string, by = 1) => {
        counts[key] += by;
        log.push(`  ${article.id} ${what}: ${doc.title}`);
      };
      titles.set(doc.title, (titles.get(doc.title) ?? 0) + 1);
      if (/\(part \d+\)/.test(doc.title)) flag('partTitles', '"part N" title');
      if (!validateRuleDocument(doc).valid) flag('invalid', 'invalid');
      const selfTest = selfTestRule(doc, article.extraction.observables);
      if (!selfTest.fires) flag('notFiring', 'fires on none of its observables');
      if (selfTest.baseline?.fires)
        flag(
          'baselineFiring',
          `fires on ${selfTest.baseline.fires}/${selfTest.baseline.events} benign baseline events (${selfTest.baseline.examples.join(' | ')})`,
        );
      for (const image of imagesOf(doc.detection)) {
        const name = image.split(/[\\/]/).pop()?.toLowerCase() ?? '';
        if (NOT_IMAGES.has(name.replace(/\.exe$/, ''))) flag('builtinImages', `built-in as image ${image}`);
        else if (doc.logsource.product === 'windows' && !name.includes('.')) flag('bareWindowsImages', `image without extension ${image}`);
      }
      const selections = Object.entries(doc.detection)
        .filter(([key]) => key !== 'condition')
        .map(([, selection]) => JSON.stringify(selection));
      const duplicates = selections.length - new Set(selections).size;
      if (duplicates > 0) flag('duplicateSelections', 'duplicate selection', duplicates);
      for (const value of values(doc.detection)) {
        if (/%%\w+%%/.test(value)) flag('doubledPercent', `doubled %% ${value}`);
        if (value.length > LONG_VALUE) flag('longValues', `value of ${value.length} chars`);
        if (isDefanged(value)) flag('defangedValues', `defanged value ${value}`);
        if (/<[a-z][^<>]*>|\{[A-Z_ ]+\}/i.test(value)) flag('placeholderValues', `placeholder ${value}`);
      }
    }
  }
  // IOC rules must say whose indicators they carry; behaviour titles (SigmaHQ style) may repeat across articles.
  counts.repeatedTitles = [...titles.entries()]
    .filter(([title, n]) => n > 1 && /Reported In|reported intrusion/.test(title))
    .reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `rules: ${counts.rules} (${(counts.rules / Math.max(1, counts.articles)).toFixed(1)} per article); invalid ${counts.invalid}; fire on none of their observables ${counts.notFiring}; fire on the benign baseline ${counts.baselineFiring} (each listed with --verbose)`,
  );
  console.log(
    `built-in images ${counts.builtinImages}; Windows images without extension ${counts.bareWindowsImages}; duplicate selections ${counts.duplicateSelections}; ` +
      `doubled %% ${counts.doubledPercent}; values > ${LONG_VALUE} chars ${counts.longValues}; defanged values ${counts.defangedValues}; placeholders ${counts.placeholderValues}; ` +
      `"part N" titles ${counts.partTitles}; IOC rules sharing a title ${counts.repeatedTitles}`,
  );
  if (verbose) console.log(log.join('\n'));
}
