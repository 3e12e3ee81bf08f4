import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CorrelationEngine, loadRuleDocuments, RuleCompileError, type MatchOptions } from '@huntforge/sigma';
import { ParsedRuleCache, ruleCacheDir } from './parsed-rule-cache';
import { collectRuleFiles } from './rule-paths';

/** One rule file as loaded: its documents, or why it cannot run. */
export interface LoadedFile {
  file: string;
  docs: Array<Record<string, unknown>>;
  error?: string;
}

/** Transforms a file's rule documents before they are compiled (a processing pipeline). */
export type RuleTransform = (docs: Array<Record<string, unknown>>) => Array<Record<string, unknown>>;

/**
 * Loads every rule file under `paths` and compiles them once into one engine. A file that cannot
 * run (YAML that does not load, a rule the engine refuses) is reported with its error; its rules
 * are not reported as matching, and spoil nothing else. Parsed documents are cached (see
 * ParsedRuleCache; `cacheDir` null: not cached).
 */
export function loadRules(
  paths: readonly string[],
  options: MatchOptions,
  transform?: RuleTransform,
  cacheDir: string | null = ruleCacheDir(),
): { files: LoadedFile[]; engine: CorrelationEngine; owner: Map<Record<string, unknown>, LoadedFile> } {
  const files: LoadedFile[] = [];
  const owner = new Map<Record<string, unknown>, LoadedFile>();
  const documents: Array<Record<string, unknown>> = [];
  const describe = (error: RuleCompileError): string => `${error.message}${error.path ? ` (at ${error.path})` : ''}`;
  const cache = ParsedRuleCache.open(
    cacheDir,
    paths.map((path) => resolve(path)),
  );
  for (const file of collectRuleFiles(paths)) {
    try {
      const loaded = cache.documents(readFileSync(file, 'utf8'), loadRuleDocuments);
      const entry: LoadedFile = { file, docs: transform ? transform(loaded) : loaded };
      entry.docs.forEach((doc) => owner.set(doc, entry));
      documents.push(...entry.docs);
      files.push(entry);
    } catch (error) {
      if (!(error instanceof RuleCompileError)) throw error;
      files.push({ file, docs: [], error: describe(error) });
    }
  }
  cache.save();
  const engine = new CorrelationEngine(documents, {
    ...options,
    onRuleError: (doc, error) => {
      const entry = owner.get(doc);
      if (entry) entry.error ??= describe(error);
    },
  });
  return { files, engine, owner };
}

export function readPlaceholders(path: string): Record<string, string[]> {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((values) => Array.isArray(values) && values.every((value) => typeof value === 'string'));
  if (!valid) throw new Error(`${path}: placeholders must be a JSON object of string lists`);
  return parsed as Record<string, string[]>;
}
