// The registry rules: Run keys and the Run dialog's history keep a rule per value, other writes go to their family's rule.
import type { RegistryKeyItem } from '@huntforge/contracts/extraction';
import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { tagsForRegistryPath } from './attack-inference';
import { programLabel } from './behaviour-titles';
import { isBusyKey, isWellKnownServiceKey, onlyDeleted, statedWrite, sysmonDetails, writtenData } from './registry-writes';
import { citation, type RuleDraft } from './rule-draft';
import { legitimateRunData } from './legitimate-run-values';
import type { RegistryValueWrite } from './registry-families';
import { isRunDialogHistory, pastedCommandDetails } from './run-dialog';
import { canonical, selections, draft, titleName } from './builtin-draft';
import { familyRules } from './registry-family-rules';
import { registryDeletionRules } from './registry-deletions';
import { keyAndValue, registryTarget, targetFields } from './registry-spelling';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * The Details condition of a registry rule: the data the article's own commands write to the value
 * (`reg add … /d 4` is `DWORD (0x00000004)` in Sysmon), so the rule fires on the attacker's write, not
 * on every write of the value. Empty when no command gives the data.
 */
function detailsCondition(input: BuiltinSigmaInput, commandLines: readonly string[], key: RegistryKeyItem): SigmaFieldMap {
  const written = writtenData(commandLines, key.path, key.value_name) ?? statedWrite(key.value_data, key.value_type);
  const details = written ? sysmonDetails(written) : null;
  if (!details && isRunDialogHistory(key.path)) {
    // The Run dialog's history holds the lure's pasted command: its program and host are the data.
    const pasted = pastedCommandDetails(
      commandLines,
      input.processPairs ?? [],
      (input.registryKeys ?? []).map((item) => item.path),
    );
    return pasted.length === 0 ? {} : pasted.length === 1 ? { 'Details|contains': pasted[0] } : { 'Details|contains|all': pasted };
  }
  if (!details) return {};
  if ('exact' in details) return { Details: details.exact };
  return details.contains.length === 1 ? { 'Details|contains': details.contains[0] } : { 'Details|contains|all': details.contains };
}

/** The TargetObject conditions of a registry item: where its value is, spelled as SigmaHQ spells it (registry-spelling.ts). */
function targetCondition(key: RegistryKeyItem): SigmaFieldMap {
  return targetFields(registryTarget(key.path, key.value_name));
}

// Quotes around a name, also escaped for an outer command (`cmd /c "reg add \"HKLM\…\" /v \"C:\x.exe\""`).
const NAME_QUOTES = /^(?:\\?["'])+|(?:\\?["'])+$/g;
// A word of the sentence read as the key's last segment ("…\\CurrentVersion\\Run value").
const PROSE_TAIL = /\s+(?:value|values|key|keys|subkey|entry|entries)$/i;

/** A registry item as the registry holds it: no quotes around its value name or path, no word of the sentence after the path. */
function asWritten(key: RegistryKeyItem): RegistryKeyItem {
  const path = key.path.replace(NAME_QUOTES, '').replace(PROSE_TAIL, '');
  const written: RegistryKeyItem = { ...key, path, value: key.value.replace(NAME_QUOTES, '').replace(PROSE_TAIL, '') };
  const named = keyAndValue(path, key.value_name?.replace(NAME_QUOTES, '') || undefined, Boolean(key.value_data));
  written.path = named.path;
  if (named.valueName) written.value_name = named.valueName;
  else delete written.value_name;
  return written;
}

/**
 * One rule per step of registry writes the article shows. The same value is often quoted twice, once
 * as the timeline saw it (`HKEY_USERS\<SID>\Software\…\Run`) and once in the command that wrote it
 * (`reg add HKCU\Software\…\Run`): both are the same TargetObject in telemetry, so they are one write,
 * which requires the data whichever quote shows it. Writes under one key, and keys written alike, are one
 * step (registry-families.ts); Run keys and the Run dialog's history keep a rule per value.
 */
export function registryRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => item.value);
  const groups = new Map<string, Array<{ key: RegistryKeyItem; index: number }>>();
  (input.registryKeys ?? []).map(asWritten).forEach((key, index) => {
    const target = canonical(targetCondition(key));
    groups.set(target, [...(groups.get(target) ?? []), { key, index }]);
  });
  const writes: Array<RegistryValueWrite & { quoted: string[]; index: number }> = [];
  const valueRules = [...groups.values()].flatMap((group) => {
    const first = group[0] as { key: RegistryKeyItem; index: number };
    const key = first.key;
    const details =
      group.map((member) => detailsCondition(input, commandLines, member.key)).find((condition) => Object.keys(condition).length > 0) ?? {};
    // Windows, its updates and the product write a well-known service's configuration all day: without
    // the data the attacker wrote (Start = 4), a rule on the value fires on them and tells nothing.
    if (Object.keys(details).length === 0 && group.every((member) => isWellKnownServiceKey(member.key.path))) return [];
    // A key alone (no value name, no data) that every machine writes under all day (TaskCache\Tree,
    // Explorer\RunMRU, Environment) says nothing about this intrusion.
    if (Object.keys(details).length === 0 && !key.value_name && isBusyKey(key.path)) return [];
    // A value the commands only delete (`reg delete …\\Run /v SecurityHealth`) was removed, not set, whatever the Run dialog
    // held: the registry_delete rule (registry-deletions.ts) covers it.
    const stated = group.some((member) => member.key.value_data !== undefined);
    if (!stated && group.every((member) => onlyDeleted(commandLines, member.key.path, member.key.value_name))) return [];
    const quoted = [...new Set(group.map((member) => member.key.value))];
    // A Run dialog entry with the lure's command is the paste-and-run (ClickFix) step: user execution.
    const pastedRun = isRunDialogHistory(key.path) && Object.keys(details).length > 0;
    const runKey = !pastedRun && group.some((member) => tagsForRegistryPath(member.key.path).includes('attack.t1547.001'));
    if (!pastedRun && !runKey) {
      writes.push({
        path: key.path,
        ...(key.value_name ? { valueName: key.value_name } : {}),
        details,
        quoted,
        index: first.index,
      });
      return [];
    }
    const { detection: selected, values } = selections([{ ...targetCondition(key), ...details }]);
    const tags = pastedRun ? ['attack.execution', 'attack.t1204.004'] : ['attack.persistence', 'attack.t1547.001'];
    const leaf = titleName(key.value_name ?? key.path.split('\\').at(-1) ?? key.path);
    // A Run value named like Windows' own (OneDriveSetup) without the intruder's data: leave out the genuine program.
    const genuine = runKey && Object.keys(details).length === 0 ? legitimateRunData(leaf) : null;
    const detection = genuine
      ? { selection: selected['selection'], filter_genuine: { 'Details|contains': genuine }, condition: 'selection and not filter_genuine' }
      : selected;
    return draft(
      'registry_set',
      {
        title: pastedRun
          ? `Run Dialog Entry Running ${programLabel(String(Object.values(details).flat()[0]))} (Paste And Run Lure)`
          : `Run Key Persistence Via Registry Value ${leaf}`,
        description: `Detects writes to the registry key ${quoted[0] ?? key.value}${quoted.length > 1 ? ` (also quoted as ${quoted.slice(1).join(', ')})` : ''} ${citation(input.article)}.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags,
        level: 'high',
        falsepositives: [
          pastedRun
            ? 'An administrator running the same command from the Run dialog'
            : genuine
              ? `The genuine ${leaf} value started through another path than ${genuine.slice(1)}`
              : `Software that registers itself to start at logon under the name ${leaf}`,
        ],
      },
      values,
      input,
      first.index,
    );
  });
  return [...valueRules, ...familyRules(input, writes), ...registryDeletionRules(input)];
}
