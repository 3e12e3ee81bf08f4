import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { indexRuleFiles, type IndexSummary, type RuleIndexWriter } from './index-rules';
import { readRuleFiles } from './rule-files';
import { referenceRuleFiles } from './sync-jobs';

export type CorpusOrigin = 'sigmahq' | 'customer';

/**
 * Indexes a local folder of rules into the reference corpus, as the scheduled jobs do: a SigmaHQ
 * checkout (its rules* folders) as origin sigmahq, any other folder as the customer repository. Rules
 * of that origin missing from the folder are removed, so the corpus mirrors it.
 */
export async function indexRuleFolder(
  rules: RuleIndexWriter,
  dir: string,
  origin: CorpusOrigin,
  signal?: AbortSignal,
  onProgress?: (done: number, total: number) => void,
): Promise<IndexSummary> {
  if (!existsSync(dir)) throw new Error(`${dir} does not exist`);
  const hasRuleFolders = (await readdir(dir, { withFileTypes: true })).some(
    (entry) => entry.isDirectory() && entry.name.startsWith('rules'),
  );
  const files = origin === 'sigmahq' && hasRuleFolders ? await referenceRuleFiles(dir) : await readRuleFiles(dir);
  return indexRuleFiles(files, origin, rules, signal, onProgress);
}
