// The rules on Windows services installed and scheduled tasks created.
import { mergeTags } from './attack-inference';
import { asExecuted } from './command-values';
import { isWellKnownService } from './registry-writes';
import { citation, type RuleDraft } from './rule-draft';
import { onlyControlled, taskOnlyOperated } from './service-control';
import { selections, draft } from './builtin-draft';
import type { BuiltinSigmaInput } from './builtin-input';

// A systemd, launchd or cron unit: a Linux or macOS service, never installed through the Service Control Manager.
const UNIX_UNIT = /\.(?:service|timer|socket|target|mount|path|plist)$/i;

export function serviceRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  return (input.services ?? []).flatMap((service, index) => {
    const binary = service.binary_path ? asExecuted(service.binary_path) : null;
    // Articles name the services an intruder stops (WinDefend) as often as the ones it installs: without
    // the binary it installed, an installation rule on a service every machine has fires on Windows itself.
    if (UNIX_UNIT.test(service.value.trim()) || (!binary && isWellKnownService(service.value))) return [];
    // A service the commands only stop or disable (a security agent) was not installed: the command's own rule covers it.
    if (!binary && onlyControlled(service.value, commandLines)) return [];
    const { detection, values } = selections([
      {
        Provider_Name: 'Service Control Manager',
        EventID: 7045,
        ...(binary ? { 'ImagePath|contains': binary } : { ServiceName: service.value }),
      },
    ]);
    return draft(
      'service_creation',
      {
        title: `Service Installation Of ${service.value}`,
        description: `Detects installation of the service ${service.value}${binary ? ` running ${binary}` : ''} ${citation(input.article)}.`,
        logsource: { product: 'windows', service: 'system' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1543.003']),
        level: 'high',
        falsepositives: [`A legitimate service installed with the same ${binary ? 'binary path' : 'name'}`],
      },
      values.filter((value) => value !== 'Service Control Manager'),
      input,
      index,
    );
  });
}

export function scheduledTaskRules(input: BuiltinSigmaInput): RuleDraft[] {
  const commandLines = (input.cmdlines ?? []).map((item) => asExecuted(item.value));
  return (input.scheduledTasks ?? []).flatMap((task, index) => {
    const name = task.value.replace(/^\\+/, '');
    // A task the commands only start (a built-in one abused for elevation) was not created: its command's rule covers it.
    if (taskOnlyOperated(name, commandLines)) return [];
    const { detection, values } = selections([{ EventID: 4698, 'TaskName|endswith': `\\${name}` }]);
    return draft(
      'scheduled_task_creation',
      {
        title: `Scheduled Task Creation Of ${name}`,
        description: `Detects creation of the scheduled task ${name} ${citation(input.article)}. Requires the "Audit Other Object Access Events" policy.`,
        logsource: { product: 'windows', service: 'security' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1053.005']),
        level: 'high',
        falsepositives: [`A legitimate task named ${name}`],
      },
      values,
      input,
      index,
    );
  });
}
