import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { persistenceKind } from './file-writes';
import { noteSelection, proseFacts, recordedFile, type FileHash, type ProseFacts, type StatedPath } from './prose-facts';
import { buildRule, citation, type ArticleRef, type RuleDraft, type TemplateClass } from './rule-draft';
import { anyOf, selectionValues } from './side-effect-rule';
import { proseToolRules, type ProseRule } from './prose-tool-rules';
import { persistenceFileRules } from './unix-persistence-files';

/**
 * Rules on the endpoint facts an article states in prose or in its indicator tables (prose-facts.ts): a DLL
 * side-loaded by a program (Sysmon 7), the kernel drivers the intruder brings (Sysmon 6), the ransom note and the
 * encrypted files' extension (Sysmon 11), the files it wrote at a full path (Sysmon 11), and one indicator rule on the
 * hashes of its programs. The self-test reads the same facts (evaluate/prose-events.ts).
 */

type Platform = 'windows' | 'linux' | 'macos' | 'cross-platform' | 'unknown';

// Where a program's own libraries live: a library loaded from there is the installed product, not a planted copy.
const INSTALLED_FOLDERS = [
  'C:\\Program Files\\',
  'C:\\Program Files (x86)\\',
  'C:\\Windows\\System32\\',
  'C:\\Windows\\SysWOW64\\',
  'C:\\Windows\\WinSxS\\',
];

function sideLoadRule(facts: ProseFacts, cited: string): ProseRule[] {
  if (facts.sideLoads.length === 0) return [];
  const byHost = new Map<string, string[]>();
  for (const { host, library } of facts.sideLoads) byHost.set(host ?? '', [...(byHost.get(host ?? '') ?? []), library]);
  const selections: SigmaFieldMap[] = [...byHost].map(([host, libraries]) => {
    const loaded = libraries.map((library) => `\\${library}`);
    return {
      ...(host ? { 'Image|endswith': `\\${host}` } : {}),
      'ImageLoaded|endswith': loaded.length === 1 ? (loaded[0] as string) : loaded,
    };
  });
  const filter = { 'ImageLoaded|startswith': INSTALLED_FOLDERS };
  const detection = anyOf(selections);
  const condition = `${detection.condition} and not filter_installed`;
  const [first] = facts.sideLoads;
  const pairs = facts.sideLoads.map(({ host, library }) => (host ? `${library} by ${host}` : library));
  return [
    {
      telemetryClass: 'image_load',
      key: 'sideload',
      body: {
        title:
          facts.sideLoads.length === 1 && first
            ? `${first.library} Side-Loaded${first.host ? ` By ${first.host}` : ''}`
            : 'DLL Side-Loading Of The Reported Libraries',
        description: `Detects DLL side-loading (${pairs.join(', ')}), as ${cited}: the library loaded from outside the folders the legitimate product installs to.`,
        logsource: { category: 'image_load', product: 'windows' },
        detection: { ...detection, filter_installed: filter, condition },
        tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.stealth', 'attack.t1574.001'],
        level: 'high',
        falsepositives: ['A portable copy of the legitimate product run from a user folder'],
      },
      values: selectionValues(selections),
    },
  ];
}

function driverRule(facts: ProseFacts, cited: string): ProseRule[] {
  if (facts.drivers.length === 0) return [];
  const loaded = facts.drivers.map((name) => `\\${name}`);
  const selection = { 'ImageLoaded|endswith': loaded.length === 1 ? (loaded[0] as string) : loaded };
  return [
    {
      telemetryClass: 'driver_load',
      key: 'driver',
      body: {
        title: `Reported Kernel Driver${facts.drivers.length === 1 ? ` ${facts.drivers[0]}` : 's'} Loaded`,
        description: `Detects the kernel loading ${facts.drivers.join(', ')}, the ${facts.drivers.length === 1 ? 'driver' : 'drivers'} the intruder brought in, as ${cited} (a vulnerable or malicious driver used to disable security tools or to hide).`,
        logsource: { category: 'driver_load', product: 'windows' },
        detection: anyOf([selection]),
        tags: ['attack.privilege-escalation', 'attack.defense-impairment', 'attack.t1068', 'attack.t1014'],
        level: 'high',
        falsepositives: ['The legitimate product that ships a driver of the same name'],
      },
      values: selectionValues([selection]),
    },
  ];
}

/**
 * The same drivers as the Service Control Manager records their install (System 7045): a driver is loaded through a
 * kernel service, whose ImagePath names its file, and the System log is collected where Sysmon is not.
 */
function driverServiceRule(facts: ProseFacts, cited: string): ProseRule[] {
  if (facts.drivers.length === 0) return [];
  const paths = facts.drivers.map((name) => `\\${name}`);
  const selection = {
    Provider_Name: 'Service Control Manager',
    EventID: 7045,
    'ImagePath|endswith': paths.length === 1 ? (paths[0] as string) : paths,
  };
  return [
    {
      telemetryClass: 'service_creation',
      key: 'driver-service',
      body: {
        title: `Kernel Service Installed For The Reported Driver${facts.drivers.length === 1 ? ` ${facts.drivers[0]}` : 's'}`,
        description: `Detects the install of a kernel service running ${facts.drivers.join(', ')}, the ${facts.drivers.length === 1 ? 'driver' : 'drivers'} the intruder brought in, as ${cited}.`,
        logsource: { product: 'windows', service: 'system' },
        detection: anyOf([selection]),
        tags: ['attack.persistence', 'attack.privilege-escalation', 'attack.t1543.003', 'attack.t1068'],
        level: 'high',
        falsepositives: ['The legitimate product that ships a driver of the same name'],
      },
      values: selectionValues([selection]),
    },
  ];
}

/** The same drivers written to disk (Sysmon 11): the file lands before any service loads it, wherever it was dropped. */
function driverFileRule(facts: ProseFacts, cited: string): ProseRule[] {
  if (facts.drivers.length === 0) return [];
  const names = facts.drivers.map((name) => `\\${name}`);
  const selection = { 'TargetFilename|endswith': names.length === 1 ? (names[0] as string) : names };
  return [
    {
      telemetryClass: 'file_event',
      key: 'driver-file',
      body: {
        title: `Reported Kernel Driver${facts.drivers.length === 1 ? ` ${facts.drivers[0]}` : 's'} Written`,
        description: `Detects ${facts.drivers.join(', ')} being written to disk, the ${facts.drivers.length === 1 ? 'driver' : 'drivers'} the intruder brought in before loading ${facts.drivers.length === 1 ? 'it' : 'them'}, as ${cited}.`,
        logsource: { category: 'file_event', product: 'windows' },
        detection: anyOf([selection]),
        tags: ['attack.privilege-escalation', 'attack.defense-impairment', 'attack.t1068'],
        level: 'high',
        falsepositives: ['The legitimate product that ships a driver of the same name, installing or updating'],
      },
      values: selectionValues([selection]),
    },
  ];
}

function ransomRule(facts: ProseFacts, product: string, cited: string): ProseRule[] {
  const separator = product === 'windows' ? '\\' : '/';
  const selections: SigmaFieldMap[] = [];
  const contains: string[] = [];
  const endings: string[] = [];
  for (const note of facts.ransomNotes) {
    const { modifier, value } = noteSelection(note);
    if (modifier === 'contains') contains.push(value);
    else endings.push(value.replace(/^\\/, separator));
  }
  endings.push(...facts.encryptedExtensions);
  if (contains.length > 0) selections.push({ 'TargetFilename|contains': contains.length === 1 ? (contains[0] as string) : contains });
  if (endings.length > 0) selections.push({ 'TargetFilename|endswith': endings.length === 1 ? (endings[0] as string) : endings });
  if (selections.length === 0) return [];
  const stated = [...facts.ransomNotes, ...facts.encryptedExtensions];
  return [
    {
      telemetryClass: 'file_event',
      key: 'ransom',
      body: {
        title:
          facts.encryptedExtensions.length > 0 && facts.ransomNotes.length > 0
            ? 'Ransom Note Or Encrypted File Written'
            : facts.ransomNotes.length > 0
              ? 'Ransom Note Written'
              : 'Encrypted File Extension Written',
        description: `Detects the ransomware ${cited} writing its ransom note or encrypted files (${stated.join(', ')}).`,
        logsource: { category: 'file_event', product },
        detection: anyOf(selections),
        tags: ['attack.impact', 'attack.t1486'],
        level: 'high',
        falsepositives: ['Unlikely'],
      },
      values: selectionValues(selections),
    },
  ];
}

const HASH_CLASSES: ReadonlyArray<{ extension: RegExp; telemetryClass: TemplateClass; what: string }> = [
  { extension: /\.exe$/i, telemetryClass: 'process_creation', what: 'programs' },
  { extension: /\.dll$/i, telemetryClass: 'image_load', what: 'libraries' },
  { extension: /\.sys$/i, telemetryClass: 'driver_load', what: 'drivers' },
];

// A few files are the intrusion's own tooling, worth a rule; a long list is a feed, which the STIX export carries.
const MAX_HASHED_FILES = 5;

/**
 * The hashes an indicator rule carries: the SHA256 of the programs run, else of the libraries, else of the drivers.
 * SHA256 is the hash endpoint telemetry is configured to record; a table of SHA-1 or MD5 alone is a lookup list for
 * the publisher's repository, which the STIX export carries.
 */
export function hashIndicators(all: readonly FileHash[]): { telemetryClass: TemplateClass; what: string; hashes: FileHash[] } | null {
  const hashes = all.filter((hash) => hash.algorithm === 'SHA256');
  if (hashes.length > MAX_HASHED_FILES) return null;
  for (const kind of HASH_CLASSES) {
    const of = hashes.filter((hash) => kind.extension.test(hash.file));
    if (of.length > 0) return { telemetryClass: kind.telemetryClass, what: kind.what, hashes: of };
  }
  return null;
}

function hashRule(facts: ProseFacts, cited: string): ProseRule[] {
  const indicators = hashIndicators(facts.hashes);
  if (!indicators) return [];
  const values = indicators.hashes.map((hash) => `${hash.algorithm}=${hash.value}`);
  const selection = { 'Hashes|contains': values.length === 1 ? (values[0] as string) : values };
  return [
    {
      telemetryClass: indicators.telemetryClass,
      key: 'hashes',
      body: {
        title: `Reported ${indicators.what.charAt(0).toUpperCase()}${indicators.what.slice(1)} By Hash`,
        description: `Detects the intruder's ${indicators.what} by the hashes listed (${indicators.hashes.map((hash) => hash.file).join(', ')}), as ${cited}.`,
        logsource: { category: indicators.telemetryClass, product: 'windows' },
        detection: anyOf([selection]),
        tags: [],
        level: 'high',
        falsepositives: ['Unlikely'],
      },
      values,
    },
  ];
}

/** How a file-event rule keys a stated path, or null. */
export function pathSelection(stated: StatedPath, product: string): SigmaFieldMap | null {
  const recorded = recordedFile(stated);
  if (!recorded) return null;
  if (stated.folder) return { 'TargetFilename|contains': recorded.value };
  // A Windows file as SigmaHQ keys one: its name at the end, the folder it was dropped into anywhere before it.
  if (stated.platform === 'windows') {
    const cut = recorded.value.lastIndexOf('\\');
    return cut > 0
      ? { 'TargetFilename|contains': recorded.value.slice(0, cut + 1), 'TargetFilename|endswith': recorded.value.slice(cut) }
      : { 'TargetFilename|endswith': recorded.value };
  }
  // Below a home folder the path's start varies (`/Users/<name>`, `/home/<name>`, `/root`), and macOS records /tmp, /var
  // and /etc under /private (they are links there): the stated part is what any write holds, as SigmaHQ keys it.
  if (recorded.home || (product === 'macos' && MACOS_PRIVATE.test(recorded.value))) return { 'TargetFilename|contains': recorded.value };
  return { TargetFilename: recorded.value };
}

const MACOS_PRIVATE = /^\/(?:tmp|var|etc)\//;

const MACOS_PATH = /^(?:~\/Library|\/Users\/|\/Library\/|\/Applications\/|\/private\/)/;

function pathRules(facts: ProseFacts, platform: Platform, cited: string): ProseRule[] {
  const rules: ProseRule[] = [];
  for (const side of ['windows', 'unix'] as const) {
    const paths = facts.paths.filter((path) => path.platform === side);
    const product =
      side === 'windows'
        ? 'windows'
        : platform === 'linux' || platform === 'macos'
          ? platform
          : paths.some((path) => MACOS_PATH.test(path.path))
            ? 'macos'
            : 'linux';
    const selections = paths.flatMap((path): SigmaFieldMap[] => {
      const selection = pathSelection(path, product);
      return selection ? [selection] : [];
    });
    if (selections.length === 0) continue;
    const separator = side === 'windows' ? '\\' : '/';
    const persistence = persistenceKind(paths.map((path) => path.path.slice(0, path.path.lastIndexOf(separator) + 1)));
    rules.push({
      telemetryClass: 'file_event',
      key: `paths-${side}`,
      body: {
        title: persistence ? `${persistence.subject} Written At The Reported Paths` : 'Files Written At The Reported Paths',
        description: `Detects writes to the files and folders the intrusion left, as ${cited} (${paths
          .slice(0, 4)
          .map((path) => path.path)
          .join(', ')}${paths.length > 4 ? ' and others' : ''}).`,
        logsource: { category: 'file_event', product },
        detection: anyOf(selections),
        tags: persistence?.tags ?? ['attack.command-and-control', 'attack.t1105'],
        level: 'medium',
        falsepositives: ['A legitimate program using the same file names'],
      },
      values: selectionValues(selections),
    });
  }
  return rules;
}

/** The rules on what the article states in prose, for the builtin agent. */
export function proseFactRules(article: ArticleRef, content: string | undefined, platform: Platform): RuleDraft[] {
  const facts = proseFacts(content);
  const cited = citation(article);
  const windows = platform !== 'linux' && platform !== 'macos';
  const rules: ProseRule[] = [
    ...(windows ? sideLoadRule(facts, cited) : []),
    ...(windows ? driverRule(facts, cited) : []),
    ...(windows ? driverServiceRule(facts, cited) : []),
    ...(windows ? driverFileRule(facts, cited) : []),
    ...ransomRule(facts, windows ? 'windows' : platform, cited),
    ...pathRules(facts, platform, cited),
    ...(windows ? hashRule(facts, cited) : []),
    ...proseToolRules(content, platform, cited),
    ...persistenceFileRules(content, platform, cited),
  ];
  return rules.map(({ telemetryClass, key, body, values }) => ({
    telemetryClass,
    rule: buildRule(body, article, `${article.url}|${telemetryClass}|prose-${key}`),
    detectionValues: values,
  }));
}
