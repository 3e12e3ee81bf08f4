import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EVAL_ARTICLES_FILE, loadEvalSet, type EvalSet } from '@huntforge/observables';
import { findUpwards } from '@huntforge/platform';
import { ruleSetAtoms } from '@huntforge/sigma';

/** config/eval_articles.yaml above this file (jest, tsx) or the working directory; EVAL_ARTICLES_FILE overrides. */
export function resolveEvalArticlesFile(override?: string, startDirs: string[] = [__dirname, process.cwd()]): string {
  if (override) return resolve(override);
  return findUpwards(EVAL_ARTICLES_FILE, startDirs) ?? resolve(process.cwd(), EVAL_ARTICLES_FILE);
}

/** The committed eval set, read once on first use (a broken file fails the first evaluation request, loudly). */
export function evalSetSource(file: string): () => EvalSet {
  let loaded: EvalSet | null = null;
  return () => (loaded ??= readEvalSet(file));
}

/** The eval set with the expected Sigma rules decomposed into atoms. */
export function readEvalSet(file: string): EvalSet {
  return loadEvalSet(file, (path) => readFileSync(path, 'utf8'), { sigmaAtoms: (rules) => ruleSetAtoms(rules).atoms });
}
