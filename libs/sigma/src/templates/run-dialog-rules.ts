// The Run dialog's history rule of a paste-and-run lure whose key the article does not name.
import { programLabel } from './behaviour-titles';
import { citation, type RuleDraft } from './rule-draft';
import { isRunDialogHistory, pastedLineDetails, pastedLines } from './run-dialog';
import { selections, draft } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * The Run dialog's history of a paste-and-run lure the article shows without naming the key: its lines pasted into Win+R
 * (explorer.exe started them, or they carry the fake check's words) are what explorer.exe writes under RunMRU, which
 * is where an engineer catches the lure whatever the payload. Articles that name the key get the rule from it
 * (registryRules).
 */
export function runDialogRules(input: BuiltinSigmaInput): RuleDraft[] {
  if ((input.registryKeys ?? []).some((key) => isRunDialogHistory(key.path))) return [];
  const commandLines = (input.cmdlines ?? []).map((item) => item.value);
  const entries = [...pastedLines(commandLines, input.processPairs ?? [], [])]
    .map(pastedLineDetails)
    .filter((details) => details.length > 0);
  if (entries.length === 0) return [];
  const { detection, values } = selections(
    entries.map((details) => ({
      'TargetObject|contains': RUN_DIALOG_KEY,
      ...(details.length === 1 ? { 'Details|contains': details[0] } : { 'Details|contains|all': details }),
    })),
  );
  return [
    draft(
      'registry_set',
      {
        title: `Run Dialog Entry Running ${programLabel(String(entries[0]?.[0]))} (Paste And Run Lure)`,
        description: `Detects the Run dialog's history (RunMRU) keeping a command pasted into Win+R, as the lure ${citation(input.article)} has its victims do.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags: ['attack.execution', 'attack.t1204.004'],
        level: 'high',
        falsepositives: ['An administrator running the same command from the Run dialog'],
      },
      values,
      input,
      0,
    ),
  ];
}

const RUN_DIALOG_KEY = '\\Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\RunMRU\\';
