import type { SigmaFieldMap } from '@huntforge/contracts/sigma';

/**
 * How a registry rule names where a value is, spelled as SigmaHQ's registry rules spell it: hive-independent
 * (Sysmon writes `HKLM\…`, `HKU\<SID>\…`, `HKU\<SID>_Classes\…`, and a policy may sit under either hive), so the
 * path starts after the hive and after whatever varies between machines:
 *  - the SYSTEM hive from the segment after the control set (`\Services\WinDefend\Start`, `\Control\Terminal
 *    Server\fDenyTSConnections`: Sysmon writes CurrentControlSet whatever number the command named);
 *  - a class key (`HKCR\…`, `Software\Classes\…`) from the segment after Classes (`\ms-settings\shell\open\command\…`);
 *  - Windows' own keys under SOFTWARE in full (`\Software\Microsoft\Windows\CurrentVersion\Run\Updater`), from
 *    `\Microsoft\` when the command named the 32-bit view (Wow6432Node);
 *  - a product's keys (`SOFTWARE\[Policies\]Vendor\Product\…`) as the product part TargetObject must contain and the
 *    value with its own key after it (`\Policies\Microsoft\Windows Defender\` and `\Real-Time Protection\DisableRealtimeMonitoring`).
 * A key without a value name is matched with what it holds: `contains` the key (and the backslash after it when
 * it is a key that holds values, such as Run or Exclusions\Paths).
 */
export interface RegistryTarget {
  /** A part of the key TargetObject must contain, when `endswith` leaves it out. */
  contains?: string;
  /** Pieces of a key cut around placeholders (`<SID>`, `{GUID}`, `%USER%`), all of which TargetObject holds. */
  containsAll?: string[];
  /** How TargetObject ends: the value with as much of its key as names it. */
  endswith?: string;
}

// What a publisher writes where telemetry holds a machine's own name (`<SID>`, `{GUID}`, `%USER%`), a user's
// SID, or a wildcard (`HKCR\*\shellex\…`: every class): never copied into a value that could not match.
const PLACEHOLDER = /^(?:<[^<>]+>|\{[A-Za-z_ -]+\}|%[^%]+%|S-1-\d+(?:-\d+)+(?:_Classes)?|\.DEFAULT)$|[*?]/i;
const HIVE =
  /^(?:Microsoft\.PowerShell\.Core\\)?(?:Registry::)?(?:HKEY_LOCAL_MACHINE|HKEY_CURRENT_USER|HKEY_CLASSES_ROOT|HKEY_USERS|HKEY_CURRENT_CONFIG|HKLM|HKCU|HKCR|HKU|HKCC|\\REGISTRY\\(?:MACHINE|USER)):?(?:\\+|$)/i;
const CONTROL_SET = /^(?:CurrentControlSet|ControlSet\d{3})$/i;
// Keys whose entries are values, not subkeys: a path written through one ends in a value's name.
const VALUE_HOLDERS = /^(?:Run|RunOnce|RunServices|RunServicesOnce|Winlogon|Environment)$/i;
// Keys that hold values a rule matches whatever their name (`Run\<anything>`, `Exclusions\Paths\C:\…`).
const HOLDS_VALUES =
  /^(?:Run|RunOnce|RunOnceEx|RunServices|RunServicesOnce|RunMRU|TypedPaths|Paths|Processes|Extensions|IpAddresses|TemporaryPaths|Environment|Winlogon)$/i;
// Keys whose data sits in their unnamed value (`…\shell\open\command`), or that hold values (Run): data stated for one
// is not a value's name.
const DEFAULT_VALUE_KEYS = /^(?:command|InprocServer32|LocalServer32|DefaultIcon|TreatAs|ddeexec)$/i;
// Windows' own keys under SOFTWARE: spelled in full, as SigmaHQ spells them.
const WINDOWS_PRODUCTS = /^(?:Windows|Windows NT)$/i;

/** The runs of a key path between placeholders, after the hive. */
function runsOf(keyPath: string): string[][] {
  const runs: string[][] = [[]];
  for (const segment of keyPath
    .replace(/\\{2,}/g, '\\')
    .replace(/^\\+/, '')
    .replace(HIVE, '')
    .split('\\')
    .filter(Boolean)) {
    if (PLACEHOLDER.test(segment)) runs.push([]);
    else runs[runs.length - 1]?.push(segment);
  }
  return runs.filter((run) => run.length > 0);
}

const joined = (segments: readonly string[]) => `\\${segments.join('\\')}`;

/** A key's segments as spelled: `{ full }` for a path matched as a whole, `{ product, rest }` for a product's key. */
function spelled(segments: readonly string[]): { full: string[] } | { product: string[]; rest: string[] } {
  const [root = '', second = ''] = segments;
  if (/^SYSTEM$/i.test(root) && CONTROL_SET.test(second)) return { full: segments.slice(2) };
  if (CONTROL_SET.test(root)) return { full: segments.slice(1) };
  if (/^Classes$/i.test(root)) return { full: segments.slice(1) };
  if (!/^SOFTWARE$/i.test(root)) return { full: [...segments] };
  const view = /^Wow6432Node$/i.test(second);
  const under = segments.slice(view ? 2 : 1);
  if (/^Classes$/i.test(under[0] ?? '')) return { full: under.slice(1) };
  const policies = /^Policies$/i.test(under[0] ?? '') ? 1 : 0;
  const [vendor, product] = [under[policies], under[policies + 1]];
  if (!vendor || !product || (/^Microsoft$/i.test(vendor) && WINDOWS_PRODUCTS.test(product)))
    return { full: view ? under : [segments[0] as string, ...under] };
  return { product: under.slice(0, policies + 2), rest: under.slice(policies + 2) };
}

/**
 * The key and value an item names: a path written through its value names it twice (the last segment is the
 * value), and a path without a value name ends in the value when the item states data (`hasData`) or its key
 * holds values, not subkeys (`…\\Run\\OneDriveSetup`).
 */
export function keyAndValue(keyPath: string, valueName: string | undefined, hasData: boolean): { path: string; valueName?: string } {
  const segments = keyPath.split('\\').filter(Boolean);
  const last = segments[segments.length - 1];
  if (segments.length < 2 || last === undefined || PLACEHOLDER.test(last))
    return { path: keyPath, ...(valueName !== undefined ? { valueName } : {}) };
  const parent = segments.slice(0, -1).join('\\');
  if (valueName !== undefined)
    return last.toLowerCase() === valueName.toLowerCase() ? { path: parent, valueName } : { path: keyPath, valueName };
  if ((hasData && !DEFAULT_VALUE_KEYS.test(last) && !HOLDS_VALUES.test(last)) || VALUE_HOLDERS.test(segments[segments.length - 2] ?? ''))
    return { path: parent, valueName: last };
  return { path: keyPath };
}

/** Where a registry value is, as SigmaHQ spells TargetObject (see above); `name` undefined for a key alone. */
export function registryTarget(keyPath: string, name?: string): RegistryTarget {
  const runs = runsOf(keyPath);
  if (runs.length === 0) return name ? { endswith: `\\${name}` } : {};
  const segments = runs[runs.length - 1] as string[];
  if (runs.length > 1) {
    // Pieces around a placeholder keep every piece: which part is distinctive is not known.
    const pieces = [...runs.slice(0, -1), segments].map(joined);
    return { containsAll: pieces, ...(name ? { endswith: `\\${name}` } : {}) };
  }
  const key = spelled(segments);
  if ('full' in key) {
    if (key.full.length === 0) return name ? { endswith: `\\${name}` } : {};
    const path = joined(key.full);
    if (name && !name.includes('\\')) return { endswith: `${path}\\${name}` };
    const holder = HOLDS_VALUES.test(key.full[key.full.length - 1] ?? '');
    // A value named as a path (an exclusion's `C:\…`) is the key's entry: the key with its backslash, and the name.
    return name ? { contains: `${path}\\`, endswith: `\\${name}` } : { contains: holder ? `${path}\\` : path };
  }
  const product = `${joined(key.product)}\\`;
  const leaf = key.rest[key.rest.length - 1];
  if (name && !name.includes('\\')) return { contains: product, endswith: leaf ? `\\${leaf}\\${name}` : `\\${name}` };
  if (key.rest.length === 0) return { contains: product, ...(name ? { endswith: `\\${name}` } : {}) };
  const path = `${joined(key.product)}${joined(key.rest)}`;
  const holder = name !== undefined || HOLDS_VALUES.test(leaf ?? '');
  return { contains: holder ? `${path}\\` : path, ...(name ? { endswith: `\\${name}` } : {}) };
}

/** The TargetObject conditions of a target. */
export function targetFields(target: RegistryTarget): SigmaFieldMap {
  return {
    ...(target.containsAll ? { 'TargetObject|contains|all': target.containsAll } : {}),
    ...(target.contains ? { 'TargetObject|contains': target.contains } : {}),
    ...(target.endswith ? { 'TargetObject|endswith': target.endswith } : {}),
  };
}
