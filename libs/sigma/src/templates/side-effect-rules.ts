// The rules on what the article's commands leave besides their own processes (files, drivers, connections).
import { citation, type RuleDraft } from './rule-draft';
import { droppedFileRules } from './dropped-files';
import { driverLoadRules } from './driver-loads';
import { processConnectionRules } from './process-connections';
import { bitsTransferRules } from './bits-transfers';
import { stagedPayloadRules } from './staged-payloads';
import type { ProductLine, SideEffectRule } from './side-effect-rule';
import { articleLines } from './article-runs';
import { productOf, draft } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * Rules on what the article's commands leave besides their own processes: the files their programs download, copy or
 * tee (dropped-files.ts), the kernel drivers they install as services (driver-loads.ts), and the connections of the
 * programs they make reach the network (process-connections.ts). The synthetic telemetry a rule is tested on records
 * the same (evaluate/command-io-effects.ts, command-side-effects.ts).
 */
export function sideEffectRules(input: BuiltinSigmaInput): RuleDraft[] {
  const lines: ProductLine[] = articleLines(input).map(({ platform, commandLine }) => ({
    product: productOf(platform) as ProductLine['product'],
    commandLine,
  }));
  const cited = citation(input.article);
  const rules: SideEffectRule[] = [
    ...droppedFileRules(lines, cited),
    ...driverLoadRules(lines, cited),
    ...processConnectionRules(lines, cited),
    ...bitsTransferRules(lines, cited),
    ...stagedPayloadRules(lines, cited),
  ];
  return rules.map(({ telemetryClass, body, values }, index) => draft(telemetryClass, body, values, input, index));
}
