// The fields a process selection is made of (Image, CommandLine), and which selections are redundant. The parent is
// the lineage rule's (lineage-rules.ts), never a command's.
import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { bareName } from './command-program';
import { productOf, imageSuffix, canonical } from './builtin-draft';
import type { CommandSelection } from './command-selections';

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
