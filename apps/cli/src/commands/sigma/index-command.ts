import { ReferenceRuleRepository, indexRuleFolder, type CorpusOrigin } from '@huntforge/service-sigma-queue';
import { startProgress } from '../../progress';
import { withDatabase } from '../database';
import type { CommandResult } from './validate-command';

/**
 * `huntforge sigma index DIR`: index a local folder of rules into the reference corpus of the
 * service's database (DATABASE_URL, else the embedded database under DATA_DIR, which the service
 * must not hold open at the same time).
 */
export async function runIndex(dir: string, options: { origin: CorpusOrigin; format: 'text' | 'json' }): Promise<CommandResult> {
  const progress = startProgress({ label: `indexing`, noun: 'rules' });
  const summary = await withDatabase((db) =>
    indexRuleFolder(new ReferenceRuleRepository(db.prisma), dir, options.origin, undefined, (done, total) => {
      if (done === 0) progress.setTotal(total);
      progress.update(done);
    }),
  ).finally(() => progress.finish());
  if (options.format === 'json') return { output: `${JSON.stringify({ dir, origin: options.origin, ...summary })}\n`, exitCode: 0 };
  return {
    output:
      `${dir} (${options.origin}): ${summary.files} files, ${summary.indexed} indexed, ${summary.unchanged} unchanged, ` +
      `${summary.invalid} invalid, ${summary.deprecated} deprecated, ${summary.duplicates} duplicates, ${summary.removed} removed\n`,
    exitCode: 0,
  };
}
