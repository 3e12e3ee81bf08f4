import { Untranslatable } from './query-tree';
import type { SigmaModifier, SigmaNode } from './sigma-tree';

/** One event type of a Sysmon configuration as a Sigma logsource and condition (Sysmon's field names are Sigma's). */
export interface SysmonFilter {
  logsource: { category: string; product: string };
  condition: SigmaNode;
}

const CATEGORIES: Readonly<Record<string, string>> = {
  ProcessCreate: 'process_creation',
  FileCreate: 'file_event',
  NetworkConnect: 'network_connection',
  RegistryEvent: 'registry_set',
  ImageLoad: 'image_load',
  DnsQuery: 'dns_query',
  CreateRemoteThread: 'create_remote_thread',
  ProcessAccess: 'process_access',
  FileDelete: 'file_delete',
  DriverLoad: 'driver_load',
  PipeEvent: 'pipe_created',
};
// Sysmon's filter conditions as Sigma modifiers, and whether each negates.
const CONDITIONS: Readonly<Record<string, { modifier: SigmaModifier; negated?: boolean; split?: boolean }>> = {
  is: { modifier: 'eq' },
  'is any': { modifier: 'eq', split: true },
  'is not': { modifier: 'eq', negated: true },
  contains: { modifier: 'contains' },
  'contains any': { modifier: 'contains', split: true },
  excludes: { modifier: 'contains', negated: true },
  'excludes any': { modifier: 'contains', negated: true, split: true },
  'begin with': { modifier: 'startswith' },
  'not begin with': { modifier: 'startswith', negated: true },
  'end with': { modifier: 'endswith' },
  'not end with': { modifier: 'endswith', negated: true },
  image: { modifier: 'endswith' },
};

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * A Sysmon configuration's event filters: for each event type, what its `include` filters select (each field test, or
 * a `<Rule groupRelation="and">` of them, any of them), less what its `exclude` filters leave out. An event type with
 * only exclusions logs everything else, which is no detection. Conditions Sigma has no modifier for (less than,
 * contains all) throw Untranslatable.
 */
export function parseSysmon(text: string): SysmonFilter[] {
  const byType = new Map<string, { include: SigmaNode[]; exclude: SigmaNode[] }>();
  for (const match of text.matchAll(/<(\w+)\s+onmatch="(include|exclude)"\s*>([\s\S]*?)<\/\1>/g)) {
    const type = match[1] as string;
    if (!CATEGORIES[type]) throw new Untranslatable(`Sysmon event ${type}`);
    const filters = byType.get(type) ?? { include: [], exclude: [] };
    filters[match[2] as 'include' | 'exclude'].push(...groups(match[3] as string));
    byType.set(type, filters);
  }
  const result: SysmonFilter[] = [];
  for (const [type, { include, exclude }] of byType) {
    if (include.length === 0) continue;
    const selected: SigmaNode = include.length === 1 ? (include[0] as SigmaNode) : { kind: 'or', children: include };
    const excluded: SigmaNode | null =
      exclude.length === 0 ? null : exclude.length === 1 ? (exclude[0] as SigmaNode) : { kind: 'or', children: exclude };
    const values = JSON.stringify(selected);
    result.push({
      logsource: {
        category: CATEGORIES[type] as string,
        product: /\/(?:etc|usr|tmp|var|bin|lib|home|opt)\//.test(values) ? 'linux' : 'windows',
      },
      condition: excluded ? { kind: 'and', children: [selected, { kind: 'not', child: excluded }] } : selected,
    });
  }
  if (result.length === 0) throw new Untranslatable('no include filter');
  return result;
}

/** The filters of an event type's element: each `<Rule>` group (its tests joined as it says), and each bare test. */
function groups(body: string): SigmaNode[] {
  const nodes: SigmaNode[] = [];
  const rest = body.replace(/<Rule\b([^>]*)>([\s\S]*?)<\/Rule>/g, (_all, attributes: string, inner: string) => {
    const tests = fieldTests(inner);
    const relation = /groupRelation="(and|or)"/i.exec(attributes)?.[1]?.toLowerCase() ?? 'or';
    if (tests.length > 0)
      nodes.push(
        relation === 'and' && tests.length > 1
          ? { kind: 'and', children: tests }
          : tests.length === 1
            ? (tests[0] as SigmaNode)
            : { kind: 'or', children: tests },
      );
    return '';
  });
  nodes.push(...fieldTests(rest));
  return nodes;
}

function fieldTests(body: string): SigmaNode[] {
  return [...body.matchAll(/<(\w+)\s+condition="([^"]*)"\s*>([^<]*)<\/\1>/g)].map((match) => {
    const condition = CONDITIONS[(match[2] as string).toLowerCase()];
    if (!condition) throw new Untranslatable(`Sysmon condition ${match[2]}`);
    const raw = unescapeXml(match[3] as string).trim();
    const values = condition.split
      ? raw
          .split(';')
          .map((value) => value.trim())
          .filter(Boolean)
      : [raw];
    if (values.length === 0 || values.some((value) => value === '')) throw new Untranslatable('empty value');
    const field = match[1] as string;
    // `condition="image"` names a program by its file name or its whole path.
    const written = match[2] === 'image' ? values.map((value) => (/[\\/]/.test(value) ? value : `\\${value}`)) : values;
    const node: SigmaNode = { kind: 'cmp', field, modifier: condition.modifier, values: written };
    return condition.negated ? { kind: 'not', child: node } : node;
  });
}
