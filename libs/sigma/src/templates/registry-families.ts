import type { SigmaFieldMap, SigmaLevel } from '@huntforge/contracts/sigma';
import { registryWrites, sysmonRendering } from './registry-writes';
import { registryTarget, type RegistryTarget } from './registry-spelling';

/**
 * Registry writes that are one finding: the values a tool sets under one key (DisableRealtimeMonitoring,
 * DisableBehaviorMonitoring… under Real-Time Protection) and the same value set alike under sibling keys
 * (Start = 4 under nine Defender services) are one step of the intrusion, and a detection engineer writes
 * one rule for it, not one per value. A rule on the step fires whichever of its values a machine sees written.
 */
export interface RegistryValueWrite {
  /** The key's path without hive, as the article gives it. */
  path: string;
  valueName?: string;
  /** The data condition (Details), empty when the article gives none. */
  details: SigmaFieldMap;
}

export interface RegistryFamily {
  /** The keys' paths, one per key. */
  paths: string[];
  /** What is written under each of them: the same for every key of the family. */
  values: Array<{ valueName?: string; details: SigmaFieldMap }>;
  /** The family's selections, any of which is the step. */
  selections: SigmaFieldMap[];
}

/** A value as Sigma compares it: case-insensitive, map keys in any order. */
function canonical(value: unknown): string {
  const normal = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(normal)
      : node && typeof node === 'object'
        ? Object.fromEntries(
            Object.entries(node)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([key, item]) => [key, normal(item)]),
          )
        : node;
  return JSON.stringify(normal(value)).toLowerCase();
}

/** The selections of one value written under some keys: the keys whose values share a `contains` part are one selection. */
function valueSelections(paths: readonly string[], value: { valueName?: string; details: SigmaFieldMap }): SigmaFieldMap[] {
  const byPart = new Map<string, { target: RegistryTarget; ends: string[]; contained: string[] }>();
  for (const path of paths) {
    const target = registryTarget(path, value.valueName);
    const part = JSON.stringify([target.containsAll ?? null, target.endswith ? (target.contains ?? null) : null]).toLowerCase();
    const group = byPart.get(part) ?? { target, ends: [], contained: [] };
    if (target.endswith) group.ends.push(target.endswith);
    else if (target.contains) group.contained.push(target.contains);
    byPart.set(part, group);
  }
  return [...byPart.values()].map(({ target, ends, contained }) => {
    const one = (values: string[]) => (values.length === 1 ? values[0] : [...new Set(values)]) as string | string[];
    return {
      ...(target.containsAll ? { 'TargetObject|contains|all': target.containsAll } : {}),
      ...(ends.length > 0 && target.contains ? { 'TargetObject|contains': target.contains } : {}),
      ...(contained.length > 0 ? { 'TargetObject|contains': one(contained) } : {}),
      ...(ends.length > 0 ? { 'TargetObject|endswith': one(ends) } : {}),
      ...value.details,
    };
  });
}

/**
 * The families of an article's registry writes: writes under one key together, then keys written alike
 * together. A key cut around a placeholder stays alone (its pieces must all be in TargetObject).
 */
export function registryFamilies(writes: readonly RegistryValueWrite[]): RegistryFamily[] {
  const byKey = new Map<string, { path: string; values: RegistryFamily['values'] }>();
  for (const write of writes) {
    const id = write.path.toLowerCase();
    const entry = byKey.get(id) ?? { path: write.path, values: [] };
    const value = { ...(write.valueName !== undefined ? { valueName: write.valueName } : {}), details: write.details };
    if (!entry.values.some((known) => canonical(known) === canonical(value))) entry.values.push(value);
    byKey.set(id, entry);
  }
  const families = new Map<string, { paths: string[]; values: RegistryFamily['values'] }>();
  for (const [id, entry] of byKey) {
    const signature = entry.values.map((value) => `${value.valueName ?? ''}=${canonical(value.details)}`).sort();
    // Keys only named (no value, no data) are not written alike: each stays its own rule; nor is a key cut around a placeholder.
    const named = entry.values.some((value) => value.valueName !== undefined || Object.keys(value.details).length > 0);
    const whole = registryTarget(entry.path).containsAll === undefined;
    const familyId = whole && named ? signature.join('\u0000').toLowerCase() : `key:${id}`;
    const family = families.get(familyId) ?? { paths: [], values: entry.values };
    family.paths.push(entry.path);
    families.set(familyId, family);
  }
  // The same value written alike under sibling keys (Start = 4 under each service) is one selection per spelling,
  // each value's own path as SigmaHQ writes it (`TargetObject|endswith: \Services\WinDefend\Start`).
  return [...families.values()].map(({ paths, values }) => ({
    paths,
    values,
    selections: values.flatMap((value) => valueSelections(paths, value)),
  }));
}

/** What a family of writes does, when it is a step the knowledge names. */
export interface RegistryStep {
  title: (names: string) => string;
  /** The step as a command's rule names it, before "Via Reg.EXE". */
  short: string;
  tags: string[];
  level: SigmaLevel;
  falsepositives: string[];
}

const DWORD = (data: number) => `DWORD (0x${data.toString(16).padStart(8, '0')})`;
const detailsOf = (value: { details: SigmaFieldMap }) => String(value.details['Details'] ?? '');

interface KnownStep extends RegistryStep {
  /** True when every key and value of the family is this step. */
  is: (path: string, value: { valueName?: string; details: SigmaFieldMap }) => boolean;
}

// Knowledge of registry steps; a family all of whose writes one entry knows takes its title and tags.
const KNOWN_STEPS: readonly KnownStep[] = [
  {
    is: (path, value) => /\\policies\\microsoft\\windows defender(?:\\|$)/i.test(`\\${path}`) && value.valueName !== undefined,
    title: () => 'Microsoft Defender Protection Turned Off Through Policy Registry Values',
    short: 'Microsoft Defender Protection Turned Off Through Policy Values',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators who manage Defender through group policy and turn a protection off on purpose'],
  },
  {
    is: (path, value) =>
      /\\services\\[^\\]+$/i.test(`\\${path}`) && value.valueName?.toLowerCase() === 'start' && detailsOf(value) === DWORD(4),
    title: (names) => `Services Disabled Through Their Start Registry Value (${names})`,
    short: 'Services Disabled Through Their Start Value',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators disabling a service they do not use'],
  },
  {
    is: (path, value) =>
      /\\control\\wmi\\autologger\\[^\\]+$/i.test(`\\${path}`) &&
      value.valueName?.toLowerCase() === 'start' &&
      detailsOf(value) === DWORD(0),
    title: (names) => `Event Tracing Autologger Disabled Through The Registry (${names})`,
    short: 'Event Tracing Autologger Disabled',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Administrators turning off a trace session they do not need'],
  },
  {
    is: (path, value) =>
      /\\control\\terminal server$/i.test(`\\${path}`) &&
      value.valueName?.toLowerCase() === 'fdenytsconnections' &&
      detailsOf(value) === DWORD(0),
    title: () => 'Remote Desktop Connections Allowed Through The Registry',
    short: 'Remote Desktop Connections Allowed',
    tags: ['attack.lateral-movement', 'attack.defense-impairment', 'attack.t1021.001', 'attack.t1112'],
    level: 'medium',
    falsepositives: ['Administrators enabling Remote Desktop on a server'],
  },
  {
    is: (path) => /\\microsoft\\windows defender\\exclusions\\(?:paths|processes|extensions)$/i.test(`\\${path}`),
    title: () => 'Microsoft Defender Exclusion Added Through The Registry',
    short: 'Microsoft Defender Exclusion Added',
    tags: ['attack.defense-impairment', 'attack.t1685'],
    level: 'high',
    falsepositives: ['Software installers excluding their own folder'],
  },
];

/** The last segment of a key path, as a title carries it. */
export const leafOf = (path: string): string => path.split('\\').filter(Boolean).at(-1) ?? path;

/** Up to two names, then how many more: a title says which without listing them all. */
export function someNames(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 2) return unique.join(' And ');
  return `${unique.slice(0, 2).join(', ')} And ${unique.length - 2} More`;
}

/** The step a family is, when every write of it is one the knowledge names. */
export function knownStep(family: RegistryFamily): RegistryStep | null {
  return KNOWN_STEPS.find((step) => family.paths.every((path) => family.values.every((value) => step.is(path, value)))) ?? null;
}

/**
 * The step the registry writes of some command lines are (`reg add …\\Services\\WdFilter /v Start /d 4`), when each
 * command line writes a value and the knowledge names them all: a reg.exe rule is titled for it.
 */
export function stepOfCommands(commandLines: readonly string[]): RegistryStep | null {
  const steps = commandLines.map((line) => {
    const write = registryWrites([line])[0];
    if (!write) return null;
    return knownStep({
      paths: [write.key],
      values: [{ valueName: write.name, details: { Details: sysmonRendering(write) } }],
      selections: [],
    });
  });
  const first = steps[0];
  return first && steps.every((step) => step === first) ? first : null;
}
