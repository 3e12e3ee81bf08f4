import { commandFacts } from '@huntforge/observables';

const bare = (name: string): string =>
  name
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^\\+/, '')
    .toLowerCase();

// An article's command lines are read once for all its task observables.
const actionsByList = new WeakMap<readonly string[], Map<string, string[]>>();

function taskActions(commandLines: readonly string[]): Map<string, string[]> {
  let actions = actionsByList.get(commandLines);
  if (actions) return actions;
  actions = new Map();
  for (const line of commandLines)
    for (const task of commandFacts(line, { platform: 'windows' }).tasks) {
      if (task.name === undefined) continue;
      const name = bare(task.name);
      actions.set(name, [...(actions.get(name) ?? []), task.action]);
    }
  actionsByList.set(commandLines, actions);
  return actions;
}

/**
 * Whether the article's own commands say a named task already existed: they change, run, end, query or delete it
 * and none creates it (`schtasks /change /tn … /disable` on Defender's scheduled scan). Such a task was not created
 * by the intruder, so its observable leaves no creation records (Security 4698, `schtasks /create`); what the
 * commands did to it (the Task Scheduler's 141, 142) is their own telemetry.
 */
export function onlyAlteredTask(commandLines: readonly string[], name: string): boolean {
  const actions = taskActions(commandLines).get(bare(name)) ?? [];
  return actions.length > 0 && !actions.includes('create');
}
