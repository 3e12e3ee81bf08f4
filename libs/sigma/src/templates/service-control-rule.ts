// The rule on commands that stop, reconfigure or delete services with one verb.
import type { SigmaDetection } from '@huntforge/contracts/sigma';
import { programLabel } from './behaviour-titles';
import { citation, type RuleDraft } from './rule-draft';
import { someNames } from './registry-families';
import { serviceControl } from './service-control';
import { withProgramSelection } from './program-selection';
import { productOf, draft, processLogsource } from './builtin-draft';
import { imageCondition } from './selection-conditions';
import type { CommandSelection } from './command-selections';
import type { TemplatePlatform, BuiltinSigmaInput } from './builtin-input';

const CONTROL_PAST: Record<string, string> = {
  stop: 'Stopped',
  'stop-service': 'Stopped',
  pause: 'Paused',
  'suspend-service': 'Paused',
  config: 'Reconfigured',
  'set-service': 'Reconfigured',
  delete: 'Deleted',
  'remove-service': 'Deleted',
  failure: 'Recovery Actions Changed',
};

/**
 * Commands that all stop, reconfigure or delete services with one verb (`sc delete WinDefend`, `sc delete Sense`,
 * …) are one step, whatever the number of services: one rule on the program and the verb with the services'
 * names, titled for what it does to them.
 */
export function serviceControlRule(
  input: BuiltinSigmaInput,
  image: string,
  platform: TemplatePlatform,
  group: CommandSelection[],
): RuleDraft | null {
  if (group.length < 2 || productOf(platform) !== 'windows') return null;
  const controls = group.map((selection) => serviceControl(selection.commandLine));
  const verb = controls[0]?.verb;
  if (!verb || controls.some((control) => control?.verb.toLowerCase() !== verb.toLowerCase())) return null;
  const names = [...new Set(controls.map((control) => control?.name as string))];
  const first = group[0] as CommandSelection;
  const cmdlet = /-/.test(verb);
  const detection: SigmaDetection = {
    selection_verb: { ...imageCondition(first), 'CommandLine|contains': cmdlet ? verb : ` ${verb} ` },
    selection_service: { 'CommandLine|contains': names.length === 1 ? (names[0] as string) : names },
    condition: 'all of selection_*',
  };
  const program = cmdlet ? 'PowerShell' : programLabel(first.image);
  const past = CONTROL_PAST[verb.toLowerCase()] ?? 'Changed';
  return draft(
    'process_creation',
    {
      title: `Services ${past} Via ${program} (${someNames(names)})`,
      description: `Detects ${cmdlet ? verb : `${image} ${verb}`} run on the services ${names.join(', ')} ${citation(input.article)}.`,
      logsource: processLogsource(platform),
      detection: withProgramSelection(detection, productOf(platform)),
      tags: ['attack.impact', 'attack.t1489'],
      level: 'high',
      falsepositives: [`Administrators or installers that ${verb.toLowerCase().replace(/-service$/, '')} these services`],
    },
    [verb, ...names],
    input,
    0,
  );
}
