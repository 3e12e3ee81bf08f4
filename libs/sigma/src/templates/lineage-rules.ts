// The parent→child rules, where the pair itself is the finding.
import { tagsForExecutable } from './attack-inference';
import { programLabel } from './behaviour-titles';
import { bareName, isShellBuiltin, programRuns } from './command-program';
import { citation, type RuleDraft } from './rule-draft';
import { isSuspiciousLineage } from './process-lineage';
import { withProgramSelection } from './program-selection';
import { baseName, productOf, imageSuffix, selections, draft, processLogsource } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * Parent→child rules only where the pair itself is the finding (a document or script host starting anything,
 * a server, runtime or browser starting a shell or a downloader: process-lineage.ts). Any other pair is everyday behaviour; what its child was told to do is the child's own
 * command-line rule, so a narrower copy of that rule with the parent added would only duplicate it.
 */
export function lineageRules(input: BuiltinSigmaInput): RuleDraft[] {
  const windows = productOf(input.platform) === 'windows';
  const seen = new Set<string>();
  return (input.processPairs ?? []).flatMap((pair, index) => {
    const parent = programRuns(pair.parent, windows)[0]?.image ?? baseName(pair.parent);
    const child = programRuns(pair.child, windows)[0]?.image ?? baseName(pair.child);
    const key = `${parent}>${child}`.toLowerCase();
    if (isShellBuiltin(parent) || isShellBuiltin(child) || seen.has(key)) return [];
    seen.add(key);
    if (!isSuspiciousLineage(parent, child)) return [];
    // A child PowerShell is either edition: what started it decides, not which one the victim had installed.
    const powershell = productOf(input.platform) === 'windows' && /^(?:powershell|pwsh)$/.test(bareName(child));
    const { detection: selected, values } = selections([
      {
        'ParentImage|endswith': imageSuffix(input.platform, parent),
        'Image|endswith': powershell ? ['\\powershell.exe', '\\pwsh.exe'] : imageSuffix(input.platform, child),
      },
    ]);
    return [
      draft(
        'process_creation',
        {
          title: `${programLabel(child)} Started By ${programLabel(parent)}`,
          description: `Detects ${parent} starting ${child} ${citation(input.article)}.`,
          logsource: processLogsource(input.platform),
          detection: withProgramSelection(selected, productOf(input.platform)),
          tags: tagsForExecutable(child),
          level: 'medium',
          falsepositives: [`Add-ins, macros or server applications that legitimately start ${child}`],
        },
        values,
        input,
        index,
      ),
    ];
  });
}
