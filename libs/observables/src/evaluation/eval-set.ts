import { dirname, resolve } from 'node:path';
import { load } from 'js-yaml';
import { EVAL_SUBAGENTS, type EvalSubagent } from '@huntforge/contracts/workflow';
import { expectedItems, expectedSigmaRules, type ExpectedItems, type GroundTruth } from './ground-truth';

/** One committed snapshot: the article as seeded and its labelled truth. */
export interface EvalFixture {
  fixture: string;
  url: string;
  title: string;
  /** The article body (front matter removed), as stored under the eval source. */
  content: string;
  platform: string | null;
  truth: GroundTruth;
}

export interface EvalSetArticle extends EvalFixture {
  expected: ExpectedItems;
  /** Expected items; for the Sigma generator, expected rules (its items are their atoms). */
  expectedCount: number;
}

export interface EvalSetOptions {
  /** Decomposes expected Sigma rules into atoms (the Sigma lib's ruleSetAtoms); without it they have none. */
  sigmaAtoms?: (rules: Array<Record<string, unknown>>) => string[];
}

export interface EvalSet {
  fixtures: EvalFixture[];
  bySubagent: Record<EvalSubagent, EvalSetArticle[]>;
}

/** Reads a file of the eval set by its path relative to the eval-articles file's folder. */
export type ReadEvalFile = (relativePath: string) => string;

interface EvalArticlesFile {
  fixtures_dir?: string;
  subagents?: Record<string, Array<{ url?: string; fixture?: string }>>;
}

export class EvalSetError extends Error {}

function titleOf(markdown: string, fallback: string): string {
  return /^title:\s*"?(.+?)"?\s*$/m.exec(markdown)?.[1] ?? /^#\s+(.+)$/m.exec(markdown)?.[1] ?? fallback;
}

const bodyOf = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '').trim();

/**
 * Parses config/eval_articles.yaml and the snapshots it names. Each entry's URL must be its fixture's
 * `article_url`, so a URL always leads to one committed snapshot; expected counts come from the items.
 */
export function parseEvalSet(yamlText: string, read: ReadEvalFile, options: EvalSetOptions = {}): EvalSet {
  const file = (load(yamlText) ?? {}) as EvalArticlesFile;
  const dir = file.fixtures_dir ?? '../fixtures/eval';
  const fixtures = new Map<string, EvalFixture>();
  const fixtureOf = (name: string): EvalFixture => {
    const known = fixtures.get(name);
    if (known) return known;
    const markdown = read(`${dir}/${name}.md`);
    const truth = (load(read(`${dir}/${name}.expected.yaml`)) ?? {}) as GroundTruth;
    if (!truth.article_url) throw new EvalSetError(`${name}.expected.yaml has no article_url`);
    const fixture: EvalFixture = {
      fixture: name,
      url: truth.article_url,
      title: titleOf(markdown, name),
      content: bodyOf(markdown),
      platform: truth.platform ?? null,
      truth,
    };
    fixtures.set(name, fixture);
    return fixture;
  };
  const bySubagent = Object.fromEntries(EVAL_SUBAGENTS.map((s) => [s, [] as EvalSetArticle[]])) as Record<EvalSubagent, EvalSetArticle[]>;
  for (const [name, entries] of Object.entries(file.subagents ?? {})) {
    if (!(EVAL_SUBAGENTS as string[]).includes(name)) throw new EvalSetError(`unknown subagent ${name} in the eval set`);
    const subagent = name as EvalSubagent;
    for (const entry of entries ?? []) {
      if (!entry.fixture) throw new EvalSetError(`an entry of ${subagent} names no fixture`);
      const fixture = fixtureOf(entry.fixture);
      if (entry.url && entry.url !== fixture.url)
        throw new EvalSetError(`${subagent}: ${entry.url} is not the article_url of ${entry.fixture} (${fixture.url})`);
      if (bySubagent[subagent].some((article) => article.url === fixture.url))
        throw new EvalSetError(`${subagent} lists ${fixture.url} twice`);
      if (subagent === 'sigma') {
        const rules = expectedSigmaRules(fixture.truth);
        if (rules.length === 0) throw new EvalSetError(`${entry.fixture} is in the Sigma set but its truth has no sigma_rules`);
        bySubagent.sigma.push({
          ...fixture,
          expected: { required: options.sigmaAtoms?.(rules) ?? [], optional: [] },
          expectedCount: rules.length,
        });
        continue;
      }
      const expected = expectedItems(fixture.truth, subagent);
      bySubagent[subagent].push({ ...fixture, expected, expectedCount: expected.required.length });
    }
  }
  return { fixtures: [...fixtures.values()], bySubagent };
}

/**
 * The eval set of an eval-articles file; `readText` reads a file by absolute path (the caller does the
 * I/O). Fixture paths are relative to the file's folder.
 */
export function loadEvalSet(file: string, readText: (absolutePath: string) => string, options: EvalSetOptions = {}): EvalSet {
  const base = dirname(file);
  return parseEvalSet(readText(file), (relative) => readText(resolve(base, relative)), options);
}

/** Where the canonical list lives, relative to the repository root. */
export const EVAL_ARTICLES_FILE = 'config/eval_articles.yaml';
