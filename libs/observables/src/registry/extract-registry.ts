import type { RegistryHive, RegistryKeyItem } from '@huntforge/contracts';
import type { ArticleDocument } from '../text/document';

const HIVE_ALIASES: Record<string, RegistryHive> = {
  hkey_local_machine: 'HKLM',
  hklm: 'HKLM',
  hkey_current_user: 'HKCU',
  hkcu: 'HKCU',
  hkey_classes_root: 'HKCR',
  hkcr: 'HKCR',
  hkey_users: 'HKU',
  hku: 'HKU',
  hkey_current_config: 'HKCC',
  hkcc: 'HKCC',
  'registry\\machine': 'HKLM',
  'registry\\user': 'HKU',
};

// A non-final key segment may hold spaces ("Windows NT", "Image File Execution Options") but no
// colon and at most six words; the final segment stops at whitespace. Bounded, so linear.
const WORD = String.raw`[^\\\s"'<>|*?:\x60]{1,60}`;
// Words after a space continue a segment only when a backslash follows (the regex backtracks
// otherwise), and never when they open another key ("...\ConsoleIME HKLM\SOFTWARE\...").
const NEXT_WORD = String.raw`(?![Hh][Kk](?:[Ee][Yy]_|LM|lm|CU|cu|CR|cr|U|u|CC|cc)\b)[A-Za-z0-9][^\\\s"'<>|*?:\x60.,;]{0,39}`;
// A placeholder publishers write for a user's SID: HKEY_USERS\<USER SID>\Software\...
const PLACEHOLDER = String.raw`<[^<>\\\n]{1,30}>`;
const SEGMENT = String.raw`(?:${PLACEHOLDER}|${WORD}(?: ${NEXT_WORD}){0,5})`;
const FINAL = String.raw`[^\\\s"'<>|*?,;\x60()]{0,120}`;
// Case-sensitive on purpose (continuation words must be capitalised), so the hive names list their casings.
const HIVE = String.raw`<(?:HKLM|HKCU|HKCR|HKU|HKCC)>|[Hh][Kk][Ee][Yy]_(?:LOCAL_MACHINE|CURRENT_USER|CLASSES_ROOT|USERS|CURRENT_CONFIG|Local_Machine|Current_User|Classes_Root|Users|Current_Config)|[Hh][Kk](?:LM|lm|CU|cu|CR|cr|U|u|CC|cc)|\\REGISTRY\\(?:MACHINE|USER)|\\Registry\\(?:Machine|User)`;
const HIVED = new RegExp(
  String.raw`(?<![\w\\])(?:[Rr]egistry::)?(${HIVE})(?::)?((?:\\{1,2}${SEGMENT}){0,24}\\{1,2}${FINAL}|(?=[\s"'\x60]|$))`,
  'g',
);
// Hive-less paths as publishers often write them: Software\..., SYSTEM\CurrentControlSet\...
const HIVELESS = new RegExp(
  String.raw`(?<![\w\\:%])\\?((?:SOFTWARE|Software|SYSTEM|System)\\{1,2}(?:Microsoft|MICROSOFT|Classes|CLASSES|Policies|POLICIES|Wow6432Node|WOW6432NODE|CurrentControlSet|CURRENTCONTROLSET|ControlSet\d{3}|CONTROLSET\d{3}|Clients)(?:\\{1,2}${SEGMENT}){0,24}\\{1,2}${FINAL})`,
  'g',
);
const QUOTED_HIVED = /(["'])((?:Registry::)?(?:HKEY_[A-Z_]+|HKLM|HKCU|HKCR|HKU|HKCC)(?::)?\\[^"'\n]{1,400})\1/gi;

/**
 * Registry keys with the hive normalised (HKEY_LOCAL_MACHINE, HKLM:, Registry::, \REGISTRY\MACHINE
 * all become HKLM), doubled backslashes collapsed, plus the value name when a reg.exe or
 * PowerShell command names one.
 */
export function extractRegistryKeys(doc: ArticleDocument): RegistryKeyItem[] {
  const { content } = doc;
  const found: RegistryKeyItem[] = [];
  const taken: Array<[number, number]> = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);

  for (const m of content.matchAll(QUOTED_HIVED)) {
    const start = m.index + 1;
    push(doc, found, taken, start, start + m[2].length, 0.9);
  }
  for (const m of content.matchAll(HIVED)) {
    if (overlaps(m.index, m.index + m[0].length)) continue;
    push(doc, found, taken, m.index, extendTitleCase(content, m.index, m.index + trimKey(m[0]).length), 0.85);
  }
  for (const m of content.matchAll(HIVELESS)) {
    const start = m.index + (m[0].length - m[1].length);
    if (overlaps(start, start + m[1].length)) continue;
    push(doc, found, taken, start, extendTitleCase(content, start, start + trimKey(m[1]).length), 0.75);
  }
  return dedupe(found);
}

function push(doc: ArticleDocument, out: RegistryKeyItem[], taken: Array<[number, number]>, start: number, end: number, confidence: number): void {
  const raw = doc.content.slice(start, end);
  const parsed = parseKey(raw);
  if (!parsed || !parsed.path) return; // a hive alone names no key
  taken.push([start, end]);
  const valueName = valueNameAfter(doc.content, end);
  out.push({
    value: parsed.hive ? `${parsed.hive}\\${parsed.path}` : parsed.path,
    hive: parsed.hive,
    path: parsed.path,
    ...(valueName ? { value_name: valueName } : {}),
    evidence: { start, end, text: raw },
    confidence,
  });
}

// First key of a path written without its hive (HKLM\SOFTWARE, HKCU\Environment, HKCR\CLSID, ...).
const HIVELESS_ROOT = /^(?:SOFTWARE|SYSTEM|SAM|SECURITY|HARDWARE|BCD\d*|Control Panel|Environment|Console|Network|Printers|AppEvents|Keyboard Layout|Volatile Environment|CLSID|Classes|\*|\.\w+)\\./i;

export function parseKey(raw: string): { hive: RegistryHive | null; path: string } | null {
  const text = raw.replace(/^Registry::/i, '').replace(/^<(HK\w+)>/i, '$1').replace(/\\{2,}/g, '\\');
  const m = /^(\\REGISTRY\\MACHINE|\\REGISTRY\\USER|HKEY_[A-Za-z_]+|HKLM|HKCU|HKCR|HKU|HKCC):?(?:\\(.*))?$/i.exec(text);
  if (m) {
    const hive = HIVE_ALIASES[m[1].toLowerCase().replace(/^\\/, '')];
    if (!hive) return null;
    const path = (m[2] ?? '').replace(/\\+$/, '');
    return { hive, path };
  }
  const path = text.replace(/^\\/, '').replace(/\\+$/, '');
  return HIVELESS_ROOT.test(path) ? { hive: null, path } : null;
}

const SENTENCE_WORDS = new Set('The This That These It Its A An In On And But We They He She Then When If To For With As At By Or Is Was Our Also'.split(' '));

/**
 * Unquoted key names may end in Title Case words ("...\Windows Defender\Real-Time Protection"):
 * the last segment takes up to three following capitalised words that do not open a sentence.
 */
function extendTitleCase(content: string, start: number, end: number): number {
  if (/[.,;:]$/.test(content.slice(start, end)) || /["'`]/.test(content[start - 1] ?? '')) return end;
  let cursor = end;
  for (let n = 0; n < 3; n++) {
    const m = /^ ([A-Z][A-Za-z0-9-]*)(?=$|[\s.,;:)])/.exec(content.slice(cursor, cursor + 64));
    if (!m || SENTENCE_WORDS.has(m[1])) break;
    cursor += m[0].length;
  }
  return cursor;
}

function trimKey(text: string): string {
  return text.replace(/[.,;:)\]}'"`]+$/, '');
}

/** `reg add <key> /v Name` or `-Name "Name"` right after the key, or `reg query` output on the next line. */
function valueNameAfter(content: string, end: number): string | undefined {
  const [tail = '', next = ''] = content.slice(end, end + 400).split('\n');
  const m = /^["']?\s+(?:.*?\s)?(?:\/v|-Name|-ValueName)\s+(?:"([^"]+)"|'([^']+)'|(\S+))/i.exec(tail);
  const name = m?.[1] ?? m?.[2] ?? m?.[3];
  if (name && !name.startsWith('/') && !name.startsWith('-')) return name;
  // reg query prints each value indented under its key: "    Name    REG_SZ    data".
  return tail.trim() === '' ? /^\s+(\S(?:.*?\S)?)\s{2,}REG_(?:SZ|EXPAND_SZ|MULTI_SZ|DWORD|QWORD|BINARY|NONE)\b/.exec(next)?.[1] : undefined;
}

function dedupe(items: RegistryKeyItem[]): RegistryKeyItem[] {
  const seen = new Map<string, RegistryKeyItem>();
  for (const item of items) {
    const key = `${item.value.toLowerCase()}|${item.value_name?.toLowerCase() ?? ''}`;
    if (!seen.has(key)) seen.set(key, item);
  }
  return [...seen.values()].sort((a, b) => a.evidence.start - b.evidence.start);
}
