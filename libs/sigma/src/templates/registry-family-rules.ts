// The rules of families of registry writes (registry-families.ts): one per step.
import { registryAreaTitle } from './registry-areas';
import { mergeTags, tagsForRegistryPath } from './attack-inference';
import { citation, type RuleDraft } from './rule-draft';
import {
  knownStep,
  leafOf,
  registryFamilies,
  someNames,
  type RegistryFamily,
  type RegistryStep,
  type RegistryValueWrite,
} from './registry-families';
import { selections, draft, titleName } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

/** One rule per family of registry writes: named for the step when the knowledge knows it, else for its values and keys. */
export function familyRules(
  input: BuiltinSigmaInput,
  writes: Array<RegistryValueWrite & { quoted: string[]; index: number }>,
): RuleDraft[] {
  // Families one known step covers (Defender policy values under Real-Time Protection, SpyNet, Reporting) are one rule.
  const bySteps = new Map<RegistryStep | RegistryFamily, RegistryFamily>();
  for (const family of registryFamilies(writes)) {
    const step = knownStep(family) ?? family;
    const known = bySteps.get(step);
    bySteps.set(
      step,
      known
        ? {
            paths: [...known.paths, ...family.paths],
            values: [...known.values, ...family.values],
            selections: [...known.selections, ...family.selections],
          }
        : family,
    );
  }
  return [...bySteps.values()].map((family) => {
    const members = writes.filter((write) => family.paths.includes(write.path));
    const quoted = [...new Set(members.flatMap((write) => write.quoted))];
    const { detection, values } = selections(family.selections);
    const step = knownStep(family);
    // A value quoted as the last segment of its key's path (`…\\Terminal Server\\fDenyTSConnections`) is set under the segment before.
    const only = family.values.length === 1 ? family.values[0]?.valueName?.toLowerCase() : undefined;
    const keyPath = (path: string) => (only && leafOf(path).toLowerCase() === only ? path.split('\\').slice(0, -1).join('\\') : path);
    const keys = family.paths.map((path) => titleName(leafOf(keyPath(path))));
    const names = family.values.map((value) => titleName(value.valueName ?? ''));
    const named = family.values.every((value) => value.valueName);
    const parent = family.paths.length === 1 ? (keys[0] as string) : someNames(keys);
    // A key without a value name is named with its parent.
    const title = step
      ? step.title(someNames(keys))
      : (registryAreaTitle(family.paths, someNames(keys)) ?? '') ||
        (!named
          ? `Registry Key ${someNames(keys)} Set Under ${titleName(leafOf(family.paths[0]?.split('\\').slice(0, -1).join('\\') ?? ''))}`
          : `Registry ${names.length > 1 ? 'Values' : 'Value'} ${someNames(names)} Set Under ${parent}`);
    return draft(
      'registry_set',
      {
        title,
        description: `Detects writes to the registry ${quoted.length > 1 ? 'keys' : 'key'} ${quoted.join(', ')}${named ? ` (${[...new Set(names)].join(', ')})` : ''} ${citation(input.article)}.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags: step ? step.tags : mergeTags(...family.paths.map(tagsForRegistryPath)),
        level: step ? step.level : 'medium',
        falsepositives: step ? step.falsepositives : ['Legitimate software writing the same value'],
      },
      values,
      input,
      Math.min(...members.map((write) => write.index)),
    );
  });
}
