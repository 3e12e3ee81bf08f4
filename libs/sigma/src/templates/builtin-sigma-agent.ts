import type {
  CmdlineItem,
  NetworkIndicatorItem,
  ProcessPairItem,
  RegistryKeyItem,
  ScheduledTaskItem,
  ServiceItem,
} from '@huntforge/contracts';
import { mergeTags, tagsForExecutable, tagsForRegistryPath } from './attack-inference';
import { citation, renderRule, type ArticleRef, type RuleBody, type RuleDraft, type TemplateClass } from './rule-draft';

export type TemplatePlatform = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

export interface BuiltinSigmaInput {
  article: ArticleRef;
  platform: TemplatePlatform;
  cmdlines?: CmdlineItem[];
  processPairs?: ProcessPairItem[];
  registryKeys?: RegistryKeyItem[];
  services?: ServiceItem[];
  scheduledTasks?: ScheduledTaskItem[];
  network?: NetworkIndicatorItem[];
}

/** Selections per rule: beyond this a rule is split, so one noisy observable cannot hide the rest. */
const MAX_SELECTIONS = 5;
const MAX_TOKENS = 3;

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, index * size + size));

const baseName = (path: string) => path.replace(/^["']|["']$/g, '').split(/[\\/]/).pop() ?? path;

function productOf(platform: TemplatePlatform): string {
  return platform === 'linux' ? 'linux' : platform === 'macos' ? 'macos' : 'windows';
}

/**
 * The Image suffix of a program. Articles write Windows programs without their extension (`sc`,
 * `net`), but Sysmon's Image always carries it, so a bare Windows name gets `.exe` or the rule
 * could never fire.
 */
function imageSuffix(platform: TemplatePlatform, fileName: string): string {
  if (productOf(platform) !== 'windows') return `/${fileName}`;
  return /\.[a-z0-9]{2,4}$/i.test(fileName) ? `\\${fileName}` : `\\${fileName}.exe`;
}

/** Splits a command line into arguments, keeping quoted parts together. */
function argumentsOf(commandLine: string): string[] {
  return commandLine.match(/"[^"]*"|'[^']*'|\S+/g) ?? [];
}

/**
 * The arguments that make a command line specific: long enough, not a bare switch, and carrying a path,
 * a URL, an encoded blob or a file name. Each one is a verbatim substring of the observed command line.
 */
export function distinctiveTokens(commandLine: string): string[] {
  const args = argumentsOf(commandLine).slice(1);
  const scored = args
    .map((arg) => arg.replace(/^["']|["']$/g, ''))
    .filter((arg) => arg.length >= 4 && commandLine.includes(arg))
    .map((arg) => ({ arg, weight: (/[\\/:.]/.test(arg) ? 2 : 0) + (/^[A-Za-z0-9+/=]{24,}$/.test(arg) ? 2 : 0) + Math.min(arg.length, 40) / 40 }));
  const isSwitch = (arg: string) => /^[-/][a-z?]+$/i.test(arg);
  const strong = scored.filter((entry) => entry.weight >= 1 && !isSwitch(entry.arg));
  // Long switches (-EncodedCommand, -fsSL) only when nothing more specific exists.
  const candidates = strong.length > 0 ? strong : scored.filter((entry) => /^-[a-z]{4,}/i.test(entry.arg));
  const chosen: string[] = [];
  for (const { arg } of candidates.sort((a, b) => b.weight - a.weight)) {
    if (!chosen.some((token) => token.includes(arg) || arg.includes(token))) chosen.push(arg);
    if (chosen.length === MAX_TOKENS) break;
  }
  return chosen;
}

function selections(entries: Array<Record<string, unknown>>): { detection: Record<string, unknown>; values: string[] } {
  const detection: Record<string, unknown> = {};
  const values: string[] = [];
  entries.forEach((entry, index) => {
    detection[entries.length === 1 ? 'selection' : `selection_${index + 1}`] = entry;
    for (const value of Object.values(entry)) {
      for (const item of Array.isArray(value) ? value : [value]) if (typeof item === 'string') values.push(item);
    }
  });
  detection['condition'] = entries.length === 1 ? 'selection' : '1 of selection_*';
  return { detection, values };
}

function draft(telemetryClass: TemplateClass, body: RuleBody, values: string[], input: BuiltinSigmaInput, part: number): RuleDraft {
  const seed = `${input.article.url}|${telemetryClass}|${part}|${values.join('\u0000')}`;
  return { telemetryClass, title: body.title, yaml: renderRule(body, input.article, seed), detectionValues: values };
}

const processLogsource = (platform: TemplatePlatform) => ({ category: 'process_creation', product: productOf(platform) });

function cmdlineRules(input: BuiltinSigmaInput): RuleDraft[] {
  const entries = (input.cmdlines ?? [])
    .map((item) => ({ item, exe: baseName(item.executable), tokens: distinctiveTokens(item.value) }))
    .filter((entry) => entry.tokens.length > 0);
  return chunk(entries, MAX_SELECTIONS).map((group, part) => {
    const { detection, values } = selections(
      group.map(({ exe, tokens }) => ({
        'Image|endswith': imageSuffix(input.platform, exe),
        [tokens.length === 1 ? 'CommandLine|contains' : 'CommandLine|contains|all']: tokens.length === 1 ? tokens[0] : tokens,
      })),
    );
    const exes = [...new Set(group.map((entry) => entry.exe))];
    const tags = mergeTags(...exes.map(tagsForExecutable));
    return draft(
      'process_creation',
      {
        title: `${exes.slice(0, 3).join(', ')} command line${group.length > 1 ? 's' : ''} seen in reported intrusion${part > 0 ? ` (part ${part + 1})` : ''}`,
        description: `Detects the command line${group.length > 1 ? 's' : ''} ${citation(input.article)}.`,
        logsource: processLogsource(input.platform),
        detection,
        tags,
        level: tags.some((tag) => tag.startsWith('attack.t1218') || tag === 'attack.t1105') ? 'high' : 'medium',
        falsepositives: ['Administrative scripts that use the same arguments'],
      },
      values,
      input,
      part,
    );
  });
}

function lineageRules(input: BuiltinSigmaInput): RuleDraft[] {
  return chunk(input.processPairs ?? [], MAX_SELECTIONS).map((group, part) => {
    const { detection, values } = selections(
      group.map((pair) => ({
        'ParentImage|endswith': imageSuffix(input.platform, baseName(pair.parent)),
        'Image|endswith': imageSuffix(input.platform, baseName(pair.child)),
      })),
    );
    const children = [...new Set(group.map((pair) => baseName(pair.child)))];
    return draft(
      'process_creation',
      {
        title: `Suspicious process lineage: ${group.map((pair) => `${baseName(pair.parent)} → ${baseName(pair.child)}`).slice(0, 2).join(', ')}${part > 0 ? ` (part ${part + 1})` : ''}`,
        description: `Detects the parent and child processes ${citation(input.article)}.`,
        logsource: processLogsource(input.platform),
        detection,
        tags: mergeTags(...children.map(tagsForExecutable)),
        level: 'medium',
        falsepositives: ['Software that legitimately launches the same child process'],
      },
      values,
      input,
      part,
    );
  });
}

function registryRules(input: BuiltinSigmaInput): RuleDraft[] {
  return chunk(input.registryKeys ?? [], MAX_SELECTIONS).map((group, part) => {
    const { detection, values } = selections(
      group.map((key) => ({
        'TargetObject|contains': `\\${key.path.replace(/^\\+/, '')}`,
        ...(key.value_name ? { 'TargetObject|endswith': `\\${key.value_name}` } : {}),
      })),
    );
    const tags = mergeTags(...group.map((key) => tagsForRegistryPath(key.path)));
    return draft(
      'registry_set',
      {
        title: `Registry modification seen in reported intrusion${part > 0 ? ` (part ${part + 1})` : ''}`,
        description: `Detects writes to the registry keys ${citation(input.article)}.`,
        logsource: { category: 'registry_set', product: 'windows' },
        detection,
        tags,
        level: tags.includes('attack.t1547.001') ? 'high' : 'medium',
        falsepositives: ['Legitimate software writing the same key'],
      },
      values,
      input,
      part,
    );
  });
}

function serviceRules(input: BuiltinSigmaInput): RuleDraft[] {
  return chunk(input.services ?? [], MAX_SELECTIONS).map((group, part) => {
    const { detection, values } = selections(
      group.map((service) => ({
        Provider_Name: 'Service Control Manager',
        EventID: 7045,
        ...(service.binary_path ? { 'ImagePath|contains': service.binary_path } : { ServiceName: service.value }),
      })),
    );
    return draft(
      'service_creation',
      {
        title: `Service installation seen in reported intrusion: ${group.map((service) => service.value).slice(0, 3).join(', ')}`,
        description: `Detects installation of the services ${citation(input.article)}.`,
        logsource: { product: 'windows', service: 'system' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1543.003']),
        level: 'high',
        falsepositives: ['A legitimate service with the same name'],
      },
      values.filter((value) => value !== 'Service Control Manager'),
      input,
      part,
    );
  });
}

function scheduledTaskRules(input: BuiltinSigmaInput): RuleDraft[] {
  return chunk(input.scheduledTasks ?? [], MAX_SELECTIONS).map((group, part) => {
    const { detection, values } = selections(group.map((task) => ({ EventID: 4698, 'TaskName|endswith': `\\${task.value.replace(/^\\+/, '')}` })));
    return draft(
      'scheduled_task_creation',
      {
        title: `Scheduled task creation seen in reported intrusion: ${group.map((task) => task.value).slice(0, 3).join(', ')}`,
        description: `Detects creation of the scheduled tasks ${citation(input.article)}. Requires the "Audit Other Object Access Events" policy.`,
        logsource: { product: 'windows', service: 'security' },
        detection,
        tags: mergeTags(['attack.persistence', 'attack.t1053.005']),
        level: 'high',
        falsepositives: ['A legitimate task with the same name'],
      },
      values,
      input,
      part,
    );
  });
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

function networkRules(input: BuiltinSigmaInput): RuleDraft[] {
  const items = input.network ?? [];
  const ips = [...new Set(items.filter((item) => item.kind === 'ipv4' || item.kind === 'ipv6').map((item) => item.value))];
  const domains = [
    ...new Set(
      items
        .flatMap((item) => (item.kind === 'domain' ? [item.value] : item.kind === 'url' ? [hostOf(item.value)] : []))
        .filter((host): host is string => host !== null && !/^[\d.]+$/.test(host) && !host.includes(':')),
    ),
  ];
  const rules: RuleDraft[] = [];
  chunk(ips, 20).forEach((group, part) => {
    rules.push(
      draft(
        'network_connection',
        {
          title: `Network connection to infrastructure seen in reported intrusion${part > 0 ? ` (part ${part + 1})` : ''}`,
          description: `Detects connections to the IP addresses ${citation(input.article)}.`,
          logsource: { category: 'network_connection', product: productOf(input.platform) },
          detection: { selection: { DestinationIp: group }, condition: 'selection' },
          tags: mergeTags(['attack.command-and-control', 'attack.t1071']),
          level: 'high',
          falsepositives: ['Shared hosting: the address may serve unrelated sites'],
        },
        group,
        input,
        part,
      ),
    );
  });
  chunk(domains, 20).forEach((group, part) => {
    rules.push(
      draft(
        'dns_query',
        {
          title: `DNS query for domains seen in reported intrusion${part > 0 ? ` (part ${part + 1})` : ''}`,
          description: `Detects DNS lookups of the domains ${citation(input.article)}.`,
          logsource: { category: 'dns_query', product: productOf(input.platform) },
          detection: { selection: { QueryName: group }, condition: 'selection' },
          tags: mergeTags(['attack.command-and-control', 'attack.t1071.004']),
          level: 'high',
          falsepositives: ['Unlikely'],
        },
        group,
        input,
        part,
      ),
    );
  });
  return rules;
}

/**
 * The builtin SigmaAgent: one template per telemetry class, filled only with values observed in the
 * article, so every detection value traces back to an observable.
 */
export function generateBuiltinRules(input: BuiltinSigmaInput): RuleDraft[] {
  const windows = input.platform === 'windows' || input.platform === 'unknown' || input.platform === 'cross-platform';
  return [
    ...cmdlineRules(input),
    ...lineageRules(input),
    ...(windows ? registryRules(input) : []),
    ...(windows ? serviceRules(input) : []),
    ...(windows ? scheduledTaskRules(input) : []),
    ...networkRules(input),
  ];
}
