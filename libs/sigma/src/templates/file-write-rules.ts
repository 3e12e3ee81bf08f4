// The rules on files a Unix shell's redirections write.
import { hasEventFieldLabel } from '@huntforge/observables';
import { programRuns } from './command-program';
import { citation, type RuleDraft } from './rule-draft';
import { folderWrites, redirectedPaths, writeKind } from './file-writes';
import { articleLines } from './article-runs';
import { productOf, selections, draft } from './builtin-draft';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

/**
 * One rule per Unix platform on the files the article's commands write through a shell redirection: the folder and
 * the names written there, on the file event (the process of the program never shows the path).
 */
export function fileWriteRules(input: BuiltinSigmaInput): RuleDraft[] {
  // An article about several systems (or none named) leaves which shell wrote the file to a guess: no rule.
  if (input.platform !== 'linux' && input.platform !== 'macos') return [];
  const byProduct = new Map<string, { platform: TemplatePlatform; lines: string[] }>();
  // One command on one line, as quoted: an excerpt of event fields or a script's lines tells no shell's write for sure.
  const quoted = new Set(
    (input.cmdlines ?? []).map((item) => item.value).filter((value) => !value.includes('\n') && !hasEventFieldLabel(value)),
  );
  for (const { platform, commandLine } of articleLines(input)) {
    if (!quoted.has(commandLine)) continue;
    const product = productOf(platform);
    const entry = byProduct.get(product) ?? { platform, lines: [] };
    // The writes of the programs the line runs (each run's own redirection); a line of shell builtins only, its own.
    // A builtin's write beside a program's (`echo x > /p && chmod +x /p`) is left: the synthetic telemetry the rule
    // is tested on does not show it.
    const runs = programRuns(commandLine, false);
    entry.lines.push(...(runs.length > 0 ? runs.map((run) => run.commandLine) : [commandLine]));
    byProduct.set(product, entry);
  }
  return [...byProduct.values()].flatMap(({ platform, lines }, index) => {
    const writes = folderWrites(lines);
    if (writes.length === 0) return [];
    const { detection, values } = selections(
      writes.map(({ folder, names }) => ({
        'TargetFilename|contains': folder,
        ...(names.length > 0 ? { 'TargetFilename|endswith': names.length === 1 ? (names[0] as string) : names } : {}),
      })),
    );
    const kind = writeKind(writes.map((write) => write.folder));
    const example = lines.find((line) => redirectedPaths(line).length > 0 && line.length <= 160);
    return [
      draft(
        'file_event',
        {
          title: kind.title,
          description: `Detects a shell writing files into ${writes.map((write) => write.folder).join(', ')}, as ${example ? `the command ${example}` : 'the commands'} ${citation(input.article)}.`,
          logsource: { category: 'file_event', product: productOf(platform) },
          detection,
          tags: kind.tags,
          level: 'medium',
          falsepositives: ['Administrators or installers writing the same files from a script'],
        },
        values,
        input,
        index,
      ),
    ];
  });
}
