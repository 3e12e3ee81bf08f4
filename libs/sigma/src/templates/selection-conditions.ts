// The fields a process selection is made of (Image, ParentImage, CommandLine), and which selections are redundant.
import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { bareName, isShellBuiltin, programRuns } from './command-program';
import { isSuspiciousLineage, lineageName } from './process-lineage';
import { baseName, productOf, imageSuffix, canonical } from './builtin-draft';
import type { CommandSelection } from './command-selections';
import type { BuiltinSigmaInput } from './builtin-input';

export function commandLineCondition(tokens: string[]): SigmaFieldMap {
  return tokens.length === 1 ? { 'CommandLine|contains': tokens[0] } : { 'CommandLine|contains|all': tokens };
}

// net.exe hands most of its commands (use, user, localgroup, share) to net1.exe with the same arguments: Sysmon
// records both processes, and the next intruder may call net1.exe directly.
const NET_IMAGES = ['\\net.exe', '\\net1.exe'];

export function imageCondition(selection: Pick<CommandSelection, 'platform' | 'image' | 'viaPowerShell'>): SigmaFieldMap {
  if (selection.viaPowerShell) return { 'Image|endswith': ['\\powershell.exe', '\\pwsh.exe'] };
  if (productOf(selection.platform) === 'windows' && /^net1?$/.test(bareName(selection.image))) return { 'Image|endswith': NET_IMAGES };
  return { 'Image|endswith': imageSuffix(selection.platform, selection.image) };
}

/**
 * The parent a program was started by, where the article shows it (a process tree, `winword.exe -> powershell.exe`)
 * and the pair is suspicious in itself (process-lineage.ts): an engineer keys the child's command line together with
 * it. A shell started by itself, or a pair naming a shell builtin, says nothing.
 */
export function parentCondition(
  input: BuiltinSigmaInput,
  selection: Pick<CommandSelection, 'platform' | 'image' | 'viaPowerShell'>,
): SigmaFieldMap {
  const windows = productOf(selection.platform) === 'windows';
  const child = lineageName(selection.viaPowerShell ? 'powershell.exe' : selection.image);
  const parents = [
    ...new Set(
      (input.processPairs ?? []).flatMap((pair) => {
        const parent = programRuns(pair.parent, windows)[0]?.image ?? baseName(pair.parent);
        const shown = programRuns(pair.child, windows)[0]?.image ?? baseName(pair.child);
        const same = lineageName(parent) === child;
        // Only a pair that is itself the anomaly (a document host, server or lure starting it): a shell or an
        // agent starting an ordinary program is how this intrusion's operator happened to run it, and keying on
        // it lets the rule miss the same command run any other way.
        const telling = isSuspiciousLineage(parent, shown);
        return lineageName(shown) === child && !same && !isShellBuiltin(parent) && telling ? [imageSuffix(selection.platform, parent)] : [];
      }),
    ),
  ];
  if (parents.length === 0) return {};
  return { 'ParentImage|endswith': parents.length === 1 ? (parents[0] as string) : parents };
}

/** The CommandLine values of a selection, lower case (Sigma compares case-insensitively). */
function commandLineValues(entry: SigmaFieldMap): string[] {
  const value = entry['CommandLine|contains'] ?? entry['CommandLine|contains|all'];
  return (Array.isArray(value) ? value : [value]).map((item) => String(item).toLowerCase());
}

/**
 * Without the selections another one already covers: a selection on the same program that requires
 * every value of a broader one (`/create` + the task name, next to the task name alone) matches only
 * events the broader one matches, and a reviewer reads it as a duplicate.
 */
export function withoutNarrower(entries: Array<SigmaFieldMap>): Array<SigmaFieldMap> {
  const program = (entry: SigmaFieldMap) =>
    canonical(Object.fromEntries(Object.entries(entry).filter(([key]) => !key.startsWith('CommandLine'))));
  const covers = (broad: SigmaFieldMap, narrow: SigmaFieldMap) =>
    program(broad) === program(narrow) &&
    commandLineValues(broad).every((value) => commandLineValues(narrow).some((other) => other.includes(value)));
  return entries.filter(
    (entry, index) => !entries.some((other, at) => at !== index && covers(other, entry) && (!covers(entry, other) || at < index)),
  );
}

/** Distinct selections only: the same command quoted twice (in any case, values in any order) is one selection. */
export function distinctEntries(entries: Array<SigmaFieldMap>): Array<SigmaFieldMap> {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const key = canonical(entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
