import { escapeRegex } from '../evaluate/wildcard';
import { asExecuted } from '../templates/command-values';
import { withWindowsFoldersExpanded } from '../templates/program-writes';
import { knownSpellings } from '../templates/technique-match';

export interface FidelityResult {
  ok: boolean;
  unsupported_values: string[];
}

const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/^[\\/*]+|[*]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();

// PowerShell code runs in powershell.exe or pwsh.exe: a rule on a cmdlet line names both hosts.
const POWERSHELL_HOSTS = new Set(['powershell.exe', 'pwsh.exe']);
const POWERSHELL_CODE = /\b(?:powershell|pwsh|iex|irm|iwr|(?:invoke|get|set|new|start|add|remove)-[a-z]+)\b/;

/** `sc.exe` is what the article means by a bare `sc` run as a command: the name alone, as a word. */
function bareProgramNamed(needle: string, haystack: string): boolean {
  if (POWERSHELL_HOSTS.has(needle)) return POWERSHELL_CODE.test(haystack);
  const stem = /^([\w-]+)\.exe$/.exec(needle)?.[1];
  return stem !== undefined && new RegExp(`(?:^|[\\s"'\\\\/(])${escapeRegex(stem)}(?=[\\s"')]|$)`).test(haystack);
}

const SYSMON_HASH = /^(?:md5|sha1|sha256|imphash)=([0-9a-f]{32,64})$/;

/** Sysmon's Hashes field writes `SHA256=<hex>`: a rule requiring it is backed when the article states the hash. */
function hashStated(needle: string, haystack: string): boolean {
  const hex = SYSMON_HASH.exec(needle)?.[1];
  return hex !== undefined && haystack.includes(hex);
}

const SYSMON_NUMBER = /^(dword|qword) \((0x[0-9a-f]{8})(?:-(0x[0-9a-f]{8}))?\)$/;

/**
 * Sysmon records a DWORD or QWORD value's data as `DWORD (0x00000004)`: a rule requiring it is backed by
 * the article when the number itself is stated there, in decimal or in hex (`/d 4`, `Start = 0x4`).
 */
function registryNumberStated(needle: string, haystack: string): boolean {
  const match = SYSMON_NUMBER.exec(needle);
  if (!match) return false;
  const number = match[1] === 'qword' && match[3] ? (BigInt(match[2] as string) << 32n) | BigInt(match[3]) : BigInt(match[2] as string);
  const spellings = [number.toString(), `0x${number.toString(16)}`, `0x${number.toString(16).padStart(8, '0')}`];
  // A whole number: not part of a longer one or of a version (4.2), though a sentence may end right after it.
  return spellings.some((spelling) => new RegExp(`(?:^|[^\\w.])${spelling}(?!\\w|\\.\\d)`).test(haystack));
}

/**
 * SigmaHQ writes a registry value as one path, `\<key>\<value name>`, where the article states the key and the
 * value name apart (`reg add HKCU\…\Run /v Updater`): the path is backed when the key is stated and the value
 * name is stated as a word. A key that holds values is written with its closing backslash (`\Run\`).
 */
function registryValueStated(needle: string, haystack: string): boolean {
  if (needle.endsWith('\\')) {
    const key = needle.slice(0, -1);
    return key.includes('\\') && new RegExp(`${escapeRegex(key)}(?![\\w-])`).test(haystack);
  }
  const cut = needle.lastIndexOf('\\');
  if (cut <= 0) return false;
  const key = needle.slice(0, cut);
  const valueName = needle.slice(cut + 1);
  return (
    key.includes('\\') &&
    valueName.length > 0 &&
    haystack.includes(key) &&
    new RegExp(`(?:^|[\\s"'\\\\/])${escapeRegex(valueName)}(?=[\\s"'\\\\]|$)`).test(haystack)
  );
}

// A run checks each of its rules against the same statements: what they state is worked out once per list.
// The known spellings are worked out only when some value is not in the text itself (most rules' values are),
// as going through every technique's detections is most of the check's cost.
interface StatedFacts {
  text: string;
  haystack: string;
  known?: Set<string>;
}
const statedFacts = new WeakMap<readonly string[], StatedFacts>();

function factsOf(stated: readonly string[]): StatedFacts {
  let facts = statedFacts.get(stated);
  if (!facts) {
    const text = stated.join('\n');
    // The stated text as written, as executed (refanged) and with its folder variables expanded as telemetry records them.
    facts = { text, haystack: normalise(`${text}\n${asExecuted(text)}\n${withWindowsFoldersExpanded(text)}`) };
    statedFacts.set(stated, facts);
  }
  return facts;
}

// A well-known technique the text shows backs its other spellings (`#24` for MiniDump, `/urlcache` for -urlcache).
function knownOf(facts: StatedFacts): Set<string> {
  facts.known ??= knownSpellings(facts.text);
  return facts.known;
}

/**
 * Every literal detection value must come from what the article states (its text and its observables,
 * refanged); otherwise the rule is flagged. Rules carry values as telemetry records them: refanged, a
 * batch file's %%VAR%% undoubled, a bare program name with its `.exe`.
 */
export function fidelityCheck(values: readonly string[], stated: readonly string[]): FidelityResult {
  const facts = factsOf(stated);
  const { haystack } = facts;
  const unsupported = values.filter((value) => {
    const needle = normalise(value);
    return (
      needle.length > 0 &&
      !/^\d+$/.test(needle) &&
      !haystack.includes(needle) &&
      !bareProgramNamed(needle, haystack) &&
      !registryNumberStated(needle, haystack) &&
      !hashStated(needle, haystack) &&
      !registryValueStated(needle, haystack) &&
      // Last: the first value the cheaper tests do not back works the known spellings out.
      !knownOf(facts).has(value.toLowerCase().trim())
    );
  });
  return { ok: unsupported.length === 0, unsupported_values: unsupported };
}
