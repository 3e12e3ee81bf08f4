import type { RegistryHive, RegistryKeyItem } from '@huntforge/contracts/extraction';
import type { ArticleDocument } from '../text/document';
import {
  commandWrites,
  KEY_MARK,
  proseData,
  queryOutputData,
  regFileData,
  tableRowData,
  type CommandWrite,
  type ValueData,
} from './value-data';

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
 * PowerShell command names one, and the data (value_data, value_type) when the article states what
 * the value was set to: in the command, in reg query / .reg output under the key, or in the sentence.
 */
export function extractRegistryKeys(doc: ArticleDocument): RegistryKeyItem[] {
  const { content } = doc;
  const found: RegistryKeyItem[] = [];
  const taken: Array<[number, number]> = [];
  const writes = commandWrites(doc);
  const push = (start: number, end: number, confidence: number) => pushKey(doc, writes, found, taken, start, end, confidence);
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);

  for (const m of content.matchAll(QUOTED_HIVED)) {
    const start = m.index + 1;
    push(start, start + m[2].length, 0.9);
  }
  for (const m of content.matchAll(HIVED)) {
    if (overlaps(m.index, m.index + m[0].length)) continue;
    push(m.index, extendTitleCase(content, m.index, m.index + trimKey(m[0]).length), 0.85);
  }
  for (const m of content.matchAll(HIVELESS)) {
    const start = m.index + (m[0].length - m[1].length);
    if (overlaps(start, start + m[1].length)) continue;
    push(start, extendTitleCase(content, start, start + trimKey(m[1]).length), 0.75);
  }
  for (const item of found) if (item.value_data === undefined) withData(item, sentenceData(doc, item, found));
  return dedupe(found);
}

function pushKey(
  doc: ArticleDocument,
  writes: CommandWrite[],
  out: RegistryKeyItem[],
  taken: Array<[number, number]>,
  start: number,
  end: number,
  confidence: number,
): void {
  const raw = doc.content.slice(start, end);
  const parsed = parseKey(raw);
  if (!parsed || !parsed.path) return; // a hive alone names no key
  taken.push([start, end]);
  const valueName = valueNameAfter(doc.content, end);
  const item: RegistryKeyItem = {
    value: parsed.hive ? `${parsed.hive}\\${parsed.path}` : parsed.path,
    hive: parsed.hive,
    path: parsed.path,
    ...(valueName ? { value_name: valueName } : {}),
    evidence: { start, end, text: raw },
    confidence,
  };
  withData(item, writtenByCommand(writes, item, start) ?? writtenBeside(doc, start, end, valueName));
  out.push(item);
}

/** Sets the item's value_data / value_type (and value_name, when the source introduces it). */
function withData(item: RegistryKeyItem, found: ValueData | null): void {
  if (!found) return;
  if (found.name !== undefined) {
    if (item.value_name === undefined) {
      // A value name the path already ends in is not named twice.
      if (item.path.split('\\').pop()?.toLowerCase() !== found.name.toLowerCase()) item.value_name = found.name;
    } else if (item.value_name.toLowerCase() !== found.name.toLowerCase()) return;
  }
  item.value_data = found.data;
  if (found.type) item.value_type = found.type;
}

/** The data the reg add / Set-ItemProperty command whose key argument this is writes (the same key, where it stands). */
function writtenByCommand(writes: CommandWrite[], item: RegistryKeyItem, start: number): ValueData | null {
  const same = (key: string) => {
    const parsed = parseKey(key.replace(/^(HK\w+):/i, '$1'));
    return !!parsed && parsed.hive === item.hive && parsed.path.toLowerCase() === item.path.toLowerCase();
  };
  const holding = writes.filter((write) => start >= write.start && start < write.end);
  return (
    (holding.find((write) => same(write.key)) ?? (holding.length === 1 && holding[0]?.start === start ? holding[0] : undefined))?.data ??
    null
  );
}

/**
 * The data the key's own line states otherwise: the value reg query or a .reg export prints on the next
 * line, or a table row giving name, type and data.
 */
function writtenBeside(doc: ArticleDocument, start: number, end: number, valueName: string | undefined): ValueData | null {
  const line = doc.lineAt(start);
  const tail = doc.content.slice(end, line.end);
  const next = doc.lines[line.index + 1]?.text ?? '';
  if (tail.trim() === '' && valueName) {
    const listed = queryOutputData(next);
    return listed && listed.name === valueName ? listed : null;
  }
  if (/^\]\s*$/.test(tail) && doc.content[start - 1] === '[') return regFileData(next);
  return /^\s*\|/.test(line.text) ? tableRowData(tail) : null;
}

/**
 * The data the sentence around the key ties to its value ("set the Start value to 4"). Only in prose
 * (not in code blocks or references), and only when no other key stands in the same sentence.
 */
function sentenceData(doc: ArticleDocument, item: RegistryKeyItem, all: RegistryKeyItem[]): ValueData | null {
  const { start, end } = item.evidence;
  const line = doc.lineAt(start);
  if (!isProse(doc, line.index) || end > line.end) return null;
  const [from, to] = sentenceAround(doc, line.index, start, end);
  if (all.some((other) => other !== item && other.evidence.start < to && other.evidence.end > from)) return null;
  // The key, with a pair of quotes or backticks around it, reads as one word.
  const quoted = /["'`“]/.test(doc.content[start - 1] ?? '') && /["'`”]/.test(doc.content[end] ?? '');
  const keyFrom = Math.max(from, quoted ? start - 1 : start);
  const keyTo = Math.min(to, quoted ? end + 1 : end);
  const sentence = `${doc.content.slice(from, keyFrom)}${KEY_MARK}${doc.content.slice(keyTo, to)}`.replace(/\s*\n\s*/g, ' ');
  return proseData(sentence, item.value_name, item.path.split('\\').pop() ?? item.path);
}

/** A line of running text: not in a code block or references, not a table row, heading or blank. */
function isProse(doc: ArticleDocument, index: number): boolean {
  const text = doc.lines[index]?.text;
  return text !== undefined && !doc.inFence[index] && !doc.inReferences[index] && text.trim() !== '' && !/^\s*(?:\||#|>|```)/.test(text);
}

/**
 * The sentence holding [start, end): from the last sentence end before it to the first after it, over
 * the line breaks of a hard-wrapped paragraph (at most three lines either way; a list item is its own paragraph).
 */
function sentenceAround(doc: ArticleDocument, lineIndex: number, start: number, end: number): [number, number] {
  const SENTENCE_END = /[.!?](?=\s|$)/g;
  let from = -1;
  for (let index = lineIndex; index >= Math.max(0, lineIndex - 3) && from < 0; index--) {
    const line = doc.lines[index];
    const text = doc.content.slice(line.start, index === lineIndex ? start : line.end);
    const ends = [...text.matchAll(SENTENCE_END)];
    if (ends.length > 0) from = line.start + (ends[ends.length - 1].index ?? 0) + 1;
    else if (/^\s*(?:[-*+]|\d+[.)])\s/.test(line.text) || index === 0 || !isProse(doc, index - 1)) from = line.start;
  }
  if (from < 0) from = doc.lines[Math.max(0, lineIndex - 3)].start;
  let to = -1;
  for (let index = lineIndex; index <= Math.min(doc.lines.length - 1, lineIndex + 3) && to < 0; index++) {
    const line = doc.lines[index];
    const offset = index === lineIndex ? end : line.start;
    if (index > lineIndex && (!isProse(doc, index) || /^\s*(?:[-*+]|\d+[.)])\s/.test(line.text))) to = doc.lines[index - 1].end;
    else {
      const m = /[.!?](?=\s|$)/.exec(doc.content.slice(offset, line.end));
      if (m) to = offset + m.index;
    }
  }
  if (to < 0) to = doc.lines[Math.min(doc.lines.length - 1, lineIndex + 3)].end;
  return [Math.min(from, start), Math.max(to, end)];
}

// First key of a path written without its hive (HKLM\SOFTWARE, HKCU\Environment, HKCR\CLSID, ...).
const HIVELESS_ROOT =
  /^(?:SOFTWARE|SYSTEM|SAM|SECURITY|HARDWARE|BCD\d*|Control Panel|Environment|Console|Network|Printers|AppEvents|Keyboard Layout|Volatile Environment|CLSID|Classes|\*|\.\w+)\\./i;

export function parseKey(raw: string): { hive: RegistryHive | null; path: string } | null {
  const text = raw
    .replace(/^Registry::/i, '')
    .replace(/^<(HK\w+)>/i, '$1')
    .replace(/\\{2,}/g, '\\');
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

const SENTENCE_WORDS = new Set(
  'The This That These It Its A An In On And But We They He She Then When If To For With As At By Or Is Was Our Also'.split(' '),
);

/**
 * Unquoted key names may end in Title Case words ("...\Windows Defender\Real-Time Protection"):
 * the last segment takes up to three following capitalised words that do not open a sentence.
 */
const FIELD_LABELS = new Set(['Value', 'Values', 'Data', 'Type', 'Name', 'Key', 'Path', 'Setting', 'Description']);

function extendTitleCase(content: string, start: number, end: number): number {
  if (/[.,;:]$/.test(content.slice(start, end)) || /["'`]/.test(content[start - 1] ?? '')) return end;
  let cursor = end;
  for (let n = 0; n < 3; n++) {
    const m = /^ ([A-Z][A-Za-z0-9-]*)(?=$|[\s.,;:)\]])/.exec(content.slice(cursor, cursor + 64));
    // "…\Real-Time Protection Value: X is set to 1": a field label of its own, run into the key by a page.
    if (!m || SENTENCE_WORDS.has(m[1]) || (FIELD_LABELS.has(m[1]) && content[cursor + m[0].length] === ':')) break;
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
  const m = /^["']?\s+(?:[^;|]*?\s)??(?:\/v|-Name|-ValueName)\s+(?:"([^"]+)"|'([^']+)'|(\S+))/i.exec(tail);
  const name = m?.[1] ?? m?.[2] ?? m?.[3];
  if (name && !name.startsWith('/') && !name.startsWith('-')) return name;
  // reg query prints each value indented under its key: "    Name    REG_SZ    data".
  return tail.trim() === '' ? /^\s+(\S(?:.*?\S)?)\s{2,}REG_(?:SZ|EXPAND_SZ|MULTI_SZ|DWORD|QWORD|BINARY|NONE)\b/.exec(next)?.[1] : undefined;
}

/**
 * One item per key and value name, the first mention's. It takes the data another mention states when
 * it states none; mentions that state different data leave it with none (which one is current is a guess).
 */
function dedupe(items: RegistryKeyItem[]): RegistryKeyItem[] {
  const seen = new Map<string, RegistryKeyItem>();
  const data = new Map<string, Set<string>>();
  for (const item of items) {
    const key = `${item.value.toLowerCase()}|${item.value_name?.toLowerCase() ?? ''}`;
    if (item.value_data !== undefined) data.set(key, (data.get(key) ?? new Set()).add(item.value_data));
    const first = seen.get(key);
    if (!first) seen.set(key, { ...item });
    else if (first.value_data === undefined && item.value_data !== undefined) {
      first.value_data = item.value_data;
      if (item.value_type) first.value_type = item.value_type;
    }
  }
  for (const [key, item] of seen) {
    if ((data.get(key)?.size ?? 0) > 1) {
      delete item.value_data;
      delete item.value_type;
    }
  }
  return [...seen.values()].sort((a, b) => a.evidence.start - b.evidence.start);
}
