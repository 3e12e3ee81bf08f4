// Coverage of the SigmaHQ rules a lab saw fire: the truth files of the shared DFIR reports carry
// `referenced_sigma_rules` (id, title, in_sigmahq_corpus); for each such article, the product's coverage step
// (CorpusCoverage over the synthetic telemetry of the article's extracted observables, with the article's
// platform as product, as the sigma-queue responder calls it) names some corpus rules. Recall = referenced
// rules present in ../shared/sigma-corpus that coverage names; the rules it names beyond them are printed
// too (a lab lists what fired, not everything that could, so they are not all wrong, but each claims
// "already detected").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CoveringRule } from '@huntforge/contracts/sigma';
import { runBuiltinExtraction, type Platform } from '@huntforge/observables';
import { CorpusCoverage, coverageEvidence, coverageProduct, explainedCoverage, type BuiltinSigmaInput } from '@huntforge/sigma';
import type { SharedArticle } from './shared-corpus';

export const SIGMA_CORPUS_DIR = resolve(__dirname, '..', '..', '..', 'shared', 'sigma-corpus');

interface ReferencedRule {
  id: string;
  title?: string;
  in_sigmahq_corpus?: boolean;
}

export interface CoverageFigures {
  articles: number;
  referenced: number;
  named: number;
  /** Corpus rules coverage named that the lab did not list. */
  others: number;
  log: string[];
}

type CoverageEngine = CorpusCoverage<CoveringRule>;

let engine: CoverageEngine | null = null;

/** The SigmaHQ corpus compiled once, as the sigma-queue service compiles it (null when the corpus is absent). */
export function corpusEngine(dir: string = SIGMA_CORPUS_DIR): CoverageEngine | null {
  if (engine) return engine;
  if (!existsSync(dir)) return null;
  const compiled: CoverageEngine = new CorpusCoverage();
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) {
        const yaml = readFileSync(path, 'utf8');
        const id = /^id:\s*['"]?([0-9a-f-]{36})/m.exec(yaml)?.[1];
        const title = /^title:\s*(.+)$/m.exec(yaml)?.[1]?.trim() ?? name;
        // Author and level come from the rule document when coverage explains a match (coverage-evidence.ts).
        if (id) compiled.add(yaml, { rule_id: id, title, author: null, license: 'DRL-1.1', origin: 'sigmahq', path: null, level: null });
      }
    }
  };
  for (const top of ['rules', 'rules-emerging-threats', 'rules-threat-hunting']) if (existsSync(join(dir, top))) walk(join(dir, top));
  return (engine = compiled);
}

type ExtractedObservables = ReturnType<typeof runBuiltinExtraction>['observables'];

const observablesOf = (observables: ExtractedObservables) =>
  observables.map((o) => ({ type: o.type, value: o.value, attributes: o.attributes as Record<string, string> }));

/** The coverage the pipeline's coverage stage hands the generator: the corpus rules firing on each observable, and why. */
export function generatorCoverage(
  engine: CoverageEngine | null,
  observables: ExtractedObservables,
  platform: Platform,
): BuiltinSigmaInput['coverage'] {
  return engine ? coverageEvidence(explainedCoverage(engine, observablesOf(observables), platform)) : undefined;
}

/** Referenced-rule coverage of the articles of one half that list the rules their lab saw fire. */
export function referencedCoverage(articles: readonly SharedArticle[], coverage: CoverageEngine, verbose: boolean): CoverageFigures {
  const f: CoverageFigures = { articles: 0, referenced: 0, named: 0, others: 0, log: [] };
  for (const article of articles) {
    const referenced = ((article.truth['referenced_sigma_rules'] as ReferencedRule[] | undefined) ?? []).filter(
      (rule) => rule.in_sigmahq_corpus !== false,
    );
    if (referenced.length === 0) continue;
    const platform = (article.truth.platform ?? 'unknown') as Platform;
    const extraction = runBuiltinExtraction(article.text, { platform, articleUrl: article.url });
    const named = new Map<string, string>();
    for (const entry of coverage.cover(observablesOf(extraction.observables), { product: coverageProduct(platform) }))
      for (const rule of entry.rules) named.set(rule.rule_id, rule.title);
    const ids = new Set(referenced.map((rule) => rule.id));
    const found = referenced.filter((rule) => named.has(rule.id));
    const others = [...named].filter(([id]) => !ids.has(id));
    f.articles++;
    f.referenced += referenced.length;
    f.named += found.length;
    f.others += others.length;
    f.log.push(`  ${article.id}: ${found.length}/${referenced.length} referenced rules named, ${others.length} others`);
    if (verbose) {
      for (const rule of referenced) f.log.push(`    ${named.has(rule.id) ? 'named ' : 'missed'} ${rule.title ?? rule.id}`);
      for (const [, title] of others) f.log.push(`    other  ${title}`);
    }
  }
  return f;
}
