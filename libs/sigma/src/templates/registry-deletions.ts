// The registry_delete rule: the values and keys the article's commands delete (a security product's context menu
// handler, the Run dialog's history, a Defender setting), which Sysmon records as DeleteValue / DeleteKey events.
import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { citation, type RuleDraft } from './rule-draft';
import { registryDeletions, writtenData } from './registry-writes';
import { registryTarget } from './registry-spelling';
import { someNames } from './registry-families';
import { draft, selections, titleName } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

// A key the article elided (`…\Services\Sense`) or computes (`$key`) is not a path telemetry records.
const UNUSABLE_KEY = /\.\.\.|…|[$`]/;

/** The key's last segment, as a title names it. */
const leafOf = (key: string) => key.split('\\').filter(Boolean).at(-1) ?? key;

/**
 * The TargetObject a deletion is seen at: a value as its key's spelling and its name (`endswith`), a key by the part
 * of it SigmaHQ keys (`contains`, no backslash after it: DeleteKey's TargetObject is the key itself).
 */
function deletedTarget(key: string, valueName: string | undefined): { contains?: string; endswith?: string; containsAll?: string[] } {
  const target = registryTarget(key, valueName);
  if (valueName) return target;
  return { ...target, ...(target.contains ? { contains: target.contains.replace(/\\+$/, '') } : {}) };
}

/** Values a key list holds whose text another holds are covered by it (`\shellex\…\EPP` covers `\Directory\shellex\…\EPP`). */
function withoutCovered(values: readonly string[]): string[] {
  const unique = [...new Set(values)];
  return unique.filter(
    (value) => !unique.some((other) => other !== value && other.length < value.length && value.toLowerCase().includes(other.toLowerCase())),
  );
}

/**
 * One registry_delete rule for what the article's commands delete; none for what they also write (the intruder
 * removing its own value again: the write's rule is the finding).
 */
export function registryDeletionRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => item.value);
  const deletions = registryDeletions(commandLines).filter(
    (deletion) => !UNUSABLE_KEY.test(deletion.key) && writtenData(commandLines, deletion.key, deletion.valueName) === null,
  );
  if (deletions.length === 0) return [];
  const keys: string[] = [];
  const ends: string[] = [];
  const rest: SigmaFieldMap[] = [];
  for (const deletion of deletions) {
    const target = deletedTarget(deletion.key, deletion.valueName);
    if (target.containsAll)
      rest.push({
        'TargetObject|contains|all': target.containsAll,
        ...(target.endswith ? { 'TargetObject|endswith': target.endswith } : {}),
      });
    else if (target.contains && target.endswith)
      rest.push({ 'TargetObject|contains': target.contains, 'TargetObject|endswith': target.endswith });
    else if (target.endswith) ends.push(target.endswith);
    else if (target.contains) keys.push(target.contains);
  }
  const one = (values: string[]) => (values.length === 1 ? (values[0] as string) : values);
  const entries: SigmaFieldMap[] = [
    // A key deleted whole: group policy refreshes delete and rewrite the values under a policy key all day, so only
    // the key's own deletion (and its subkeys') is the finding.
    ...(keys.length > 0 ? [{ EventType: 'DeleteKey', 'TargetObject|contains': one(withoutCovered(keys)) }] : []),
    // Windows and its products write these values all day: the event type tells their deletion from their writes.
    ...(ends.length > 0 ? [{ EventType: 'DeleteValue', 'TargetObject|endswith': one([...new Set(ends)]) }] : []),
    ...rest,
  ];
  const unique = [...new Map(entries.map((entry) => [JSON.stringify(entry).toLowerCase(), entry])).values()];
  if (unique.length === 0) return [];
  const { detection, values } = selections(unique);
  const named = deletions.every((deletion) => deletion.valueName);
  const names = deletions.map((deletion) => titleName(deletion.valueName ?? leafOf(deletion.key)));
  const keysOnly = deletions.every((deletion) => !deletion.valueName);
  const what = named ? (names.length > 1 ? 'Values' : 'Value') : keysOnly ? (names.length > 1 ? 'Keys' : 'Key') : 'Entries';
  return [
    draft(
      'registry_set',
      {
        title: `Registry ${what} ${someNames(names)} Deleted`,
        description: `Detects the deletion of the registry ${deletions
          .map((deletion) => (deletion.valueName ? `value ${deletion.valueName} of ${deletion.key}` : `key ${deletion.key}`))
          .join(', ')} ${citation(input.article)}.`,
        logsource: { category: 'registry_delete', product: 'windows' },
        detection,
        tags: ['attack.defense-impairment', 'attack.t1112'],
        level: 'medium',
        falsepositives: ['Software uninstalling itself or an administrator removing the same setting'],
      },
      values,
      input,
      0,
    ),
  ];
}
