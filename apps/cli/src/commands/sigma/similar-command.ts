import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { analyseRuleText, SimilarityIndex } from '@huntforge/sigma';
import { collectRuleFiles } from './rule-paths';
import type { CommandResult } from './validate-command';

/** `huntforge sigma similar RULE.yml --corpus DIR`: the closest corpus rules, explained and attributed. */
export function runSimilar(ruleFile: string, options: { corpus: string; top: number; format: 'text' | 'json' }): CommandResult {
  const query = analyseRuleText(readFileSync(ruleFile, 'utf8'));
  if (!query.ok) return { output: `${ruleFile}: cannot compare: ${query.reason}\n`, exitCode: 1 };
  const index = new SimilarityIndex();
  for (const file of collectRuleFiles([options.corpus])) {
    const analysed = analyseRuleText(readFileSync(file, 'utf8'));
    if (!analysed.ok) continue;
    const doc = analysed.doc;
    const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
    index.add(analysed.atoms, {
      ruleId: text(doc.id) ?? file,
      title: text(doc.title) ?? file,
      author: text(doc.author),
      license: text(doc.license) ?? 'see corpus licence (SigmaHQ: DRL-1.1)',
      path: relative(options.corpus, file),
      origin: options.corpus,
    });
  }
  const result = index.search(query.atoms, { top: options.top });
  if (options.format === 'json') {
    return {
      output: `${JSON.stringify({ telemetry_class: query.atoms.telemetryClass, corpus_size: index.size, ...result }, null, 2)}\n`,
      exitCode: 0,
    };
  }
  const lines = [
    `${ruleFile} (${query.atoms.telemetryClass}): max similarity ${result.maxSimilarity.toFixed(2)} against ${index.size} rules${result.inconclusive ? ' (inconclusive)' : ''}`,
  ];
  for (const match of result.matches) {
    const a = match.attribution;
    lines.push(`${match.score.toFixed(2)}  ${a.title}  [${a.path}]  by ${a.author ?? 'unknown'}, licence ${a.license}`);
    lines.push(
      `      shared ${match.shared.length}, only here ${match.onlyInA.length}, only there ${match.onlyInB.length}, filter penalty ${match.filterPenalty}`,
    );
  }
  return { output: `${lines.join('\n')}\n`, exitCode: 0 };
}
