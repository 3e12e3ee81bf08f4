/**
 * The data an article says a registry value holds: from the command that writes it (`reg add … /v X
 * /t T /d D`, `Set-ItemProperty -Name X -Value D`), from `reg query` output or a .reg export printed
 * under the key, and from prose that ties the data to the value name in the same sentence ("set the
 * Start value to 4", "DisableAntiSpyware = 1", "changed Start from 2 to 4"). Conservative on purpose:
 * a wrong data value makes a rule that never fires, so anything ambiguous yields nothing.
 */

import { normaliseRegistryType, registryOperation } from '../command';
import { artefactCommands } from '../command/document-commands';
import type { ArticleDocument } from '../text/document';

export interface ValueData {
  /** The value name the data belongs to, when the source names it. */
  name?: string;
  /** The data as written: `4`, `0x4`, a string (unquoted). */
  data: string;
  /** `REG_DWORD`, `REG_SZ`, … when the source states the type. */
  type?: string;
}

/** A type as reg.exe, PowerShell or prose names it, as `REG_*`; undefined when it is none. */
export const normaliseType = normaliseRegistryType;

export interface CommandWrite {
  /** Where the key stands in the text (a wrapper's argument when the command was read through one). */
  start: number;
  end: number;
  key: string;
  data: ValueData;
}

/**
 * The registry values the text's commands write with data (`reg add … /v X /t T /d D`, `Set-ItemProperty
 * -Name X -Value D`), wherever the commands stand, with where each write's key is.
 */
export function commandWrites(doc: ArticleDocument): CommandWrite[] {
  const writes: CommandWrite[] = [];
  for (const { invocation } of artefactCommands(doc)) {
    const operation = registryOperation(invocation);
    if (!operation || operation.action !== 'set' || operation.data === undefined || !operation.valueName) continue;
    const data: ValueData = {
      name: operation.valueName,
      data: operation.data,
      // The type the value gets: stated, or the tool's default (reg add writes REG_SZ), so `/d 4` is the string "4".
      ...(operation.type ? { type: operation.type } : {}),
    };
    writes.push({ start: operation.keyWord.start, end: operation.keyWord.end, key: operation.key, data });
  }
  return writes;
}

/** `    Start    REG_DWORD    0x4` as `reg query` prints a value under its key. */
export function queryOutputData(line: string): ValueData | null {
  const m = /^\s+(\S(?:.*?\S)?)(?:\s{2,}|\t)(REG_[A-Z_]+)(?:(?:\s{2,}|\t)(\S.*?))?\s*$/.exec(line);
  const type = normaliseType(m?.[2]);
  if (!m || !type || m[3] === undefined) return null;
  return { name: m[1], data: m[3], type };
}

/** `"Start"=dword:00000004` or `"Debugger"="cmd.exe"` as a .reg export writes a value under `[key]`. */
export function regFileData(line: string): ValueData | null {
  const m = /^\s*"((?:\\"|[^"])+)"\s*=\s*(?:dword:([0-9a-fA-F]{1,8})|"((?:\\"|[^"])*)")\s*$/.exec(line);
  if (!m) return null;
  if (m[2] !== undefined) return { name: m[1], data: `0x${m[2]}`, type: 'REG_DWORD' };
  const data = (m[3] ?? '').replace(/\\\\/g, '\\').replace(/\\"/g, '"');
  return data === '' ? null : { name: m[1], data, type: 'REG_SZ' };
}

/**
 * A markdown table row that gives the key, then exactly the value name, its REG_* type and its data:
 * `| HKLM\…\WinDefend | Start | REG_DWORD | 4 |`. `after` is the row's text after the key cell.
 */
export function tableRowData(after: string): ValueData | null {
  const m = /^[`"']?\s*\|\s*`?([A-Za-z][\w .-]{0,63}?)`?\s*\|\s*`?(REG_[A-Z_]+)`?\s*\|\s*`?([^|`]+?)`?\s*\|\s*$/.exec(after);
  const type = normaliseType(m?.[2]);
  return m && type ? { name: m[1], data: m[3], type } : null;
}

// ---------------------------------------------------------------------------------------------------
// Prose

/** Where the key sits in the sentence: the prose patterns below read the placeholder as the key. */
export const KEY_MARK = '\u2060KEY\u2060';

// Words that are never a value name, whatever their casing.
const NOT_NAMES = new Set(
  `the a an this that these those it its their his her our your value values data key keys registry entry entries name dword qword string number
   setting settings option options flag policy service services default attacker actor malware it they he she we which what when where then there here
   and or but to from of for in on at by with as also new old same following above below windows defender system software`.split(/\s+/),
);

const NAME = String.raw`(?<![\w\\.-])(?<q1>[\x60"'“])?(?<name>[A-Za-z][A-Za-z0-9_]{1,63})(?<q2>[\x60"'”])?`;
// Data: a hex or decimal number, or a quoted / backticked string.
const DATA = String.raw`(?:[\x60"'“](?<d1>0x[0-9A-Fa-f]{1,16}|\d{1,20})[\x60"'”]|(?<d2>0x[0-9A-Fa-f]{1,16}|\d{1,20})|"(?<d3>[^"\n]{1,300})"|\x60(?<d4>[^\x60\n]{1,300})\x60|“(?<d5>[^”\n]{1,300})”)`;
const OLD = String.raw`(?:[\x60"'“]?(?:0x[0-9A-Fa-f]{1,16}|\d{1,20})[\x60"'”]?|"[^"\n]{1,300}"|\x60[^\x60\n]{1,300}\x60)`;
// A number is the data only when nothing that makes it a count, version, size or identifier follows.
const DATA_END = String.raw`(?=$|[,;:!?)\]]|\.(?!\w)|\s+\(|\s+(?:and|or|which|so|thereby|to|in|on|under|for|at|by|via|with|using|through|after|before|when|that|effectively|disabling|enabling)\b|\s+[—–-]\s)`;
const TYPE_WORD = String.raw`(?:REG_[A-Z_]+|DWORD|QWORD|string)`;
const KEY_REF = String.raw`(?:(?:under|of|in|at|for|within|beneath)\s+(?:the\s+)?(?:registry\s+)?(?:key\s+)?${KEY_MARK}(?:\s+key)?)`;
const SET_VERB = String.raw`(?:set|sets|setting|changed?|changes|changing|modif(?:y|ies|ied|ying)|updated?|updates|updating|configured?|configures|configuring|flipped|flips|flip|toggled?|toggles|switched|switches|switch)`;
const PASSIVE = String.raw`(?:(?:is|was|were|are|has\s+been|have\s+been|had\s+been|is\s+being|was\s+being|gets|got|being|been)\s+)?`;
// "the Foo under <key> was set to 4" sets Foo, not the key's last segment.
const NOT_AFTER_REF = String.raw`(?<!\b(?:under|of|in|at|for|within|beneath|to)\s+(?:the\s+)?(?:registry\s+)?(?:key\s+)?)`;
const FROM = String.raw`(?:from\s+${OLD}\s+)?`;

interface ProsePattern {
  regex: RegExp;
  /** `key` when the key path itself ends in the value ("set <key>\Start to 4"). */
  name: 'group' | 'key';
  /** `X = D`: an unknown name must be quoted, named a value or CamelCase, a capital alone is not enough. */
  loose?: boolean;
}

const compile = (source: string) => new RegExp(source, 'gi');

// A program a value starts, as prose gives it: a Windows path or one under an environment variable.
const PROGRAM = String.raw`(?<d6>(?:[A-Za-z]:\\|%\w+%\\)[^\s"'\x60“”,;()]+?)`;
const PROGRAM_END = String.raw`(?=$|[\s"'\x60”,;)]|\.(?!\w))`;
const STARTS = String.raw`(?:(?:that|which|to)\s+)?(?:launch(?:es)?|run(?:s)?|execute(?:s)?|start(?:s)?|point(?:s|ing)?\s+to|pointing\s+at)`;

const PROSE: ProsePattern[] = [
  // "a Run value named `Quill` under <key> that launches C:\…\q.exe", "a value called Quill in <key> pointing to %APPDATA%\…"
  {
    regex: compile(
      String.raw`\b(?:value|entry)\s+(?:named|called)\s+${NAME}\s+(?:under|in|to|at)\s+(?:the\s+)?(?:registry\s+)?(?:key\s+)?${KEY_MARK}(?:\s+key)?,?\s+${STARTS}\s+${PROGRAM}${PROGRAM_END}`,
    ),
    name: 'group',
  },
  // "<key> with the data "C:\…"", "<key>, pointing to C:\…\q.exe"
  {
    regex: compile(
      String.raw`${NOT_AFTER_REF}${KEY_MARK}(?:\s+(?:value|entry|key))?,?\s+(?:(?:with|holding|containing)\s+(?:the\s+)?(?:data|value)\s+${DATA}${DATA_END}|${STARTS}\s+${PROGRAM}${PROGRAM_END})`,
    ),
    name: 'key',
  },
  // "set the Start value to 4", "changed the DWORD value Start under <key> from 2 to 4"
  {
    regex: compile(
      String.raw`\b${SET_VERB}\s+(?:(?:the|its|a)\s+)?(?:${TYPE_WORD}\s+)?(?:(?:registry\s+)?value\s+(?:name\s+)?)?${NAME}(?:\s+${TYPE_WORD})?(?:\s+(?:registry\s+)?(?:value|entry|data))?(?:\s+${KEY_REF})?\s+${FROM}to\s+${DATA}${DATA_END}`,
    ),
    name: 'group',
  },
  // "the Start value was set to 4", "Start was changed from 2 to 4"
  {
    regex: compile(
      String.raw`${NAME}(?:\s+${TYPE_WORD})?(?:\s+(?:registry\s+)?(?:value|entry|data))?(?:\s+${KEY_REF})?\s+${PASSIVE}(?:set|changed|modified|updated|configured|flipped|switched)\s+${FROM}to\s+${DATA}${DATA_END}`,
    ),
    name: 'group',
  },
  // "DisableAntiSpyware = 1", "`Start` = `4`"
  { regex: compile(String.raw`${NAME}(?:\s+(?:value|entry))?\s*=\s*${DATA}${DATA_END}`), name: 'group', loose: true },
  // "a value of 4 for Start", "value of 1 to the DisableAntiSpyware value"
  { regex: compile(String.raw`\bvalue\s+of\s+${DATA}\s+(?:for|to|in|on)\s+(?:the\s+)?${NAME}(?![\w\\])`), name: 'group' },
  // "a Start value of 4", "the DisableAntiSpyware DWORD value of 1"
  { regex: compile(String.raw`${NAME}(?:\s+${TYPE_WORD})?\s+value\s+of\s+${DATA}${DATA_END}`), name: 'group' },
  // "writes 1 to the DisableAntiSpyware value"
  {
    regex: compile(
      String.raw`\b(?:writes?|wrote|writing|written|adds?|added|adding)\s+(?:the\s+)?(?:data\s+|value\s+)?${DATA}\s+(?:to|into|in|as)\s+(?:the\s+)?${NAME}\s+(?:${TYPE_WORD}\s+)?(?:value|entry)\b`,
    ),
    name: 'group',
  },
  // "set <key>\Start to 4", "<key>\Start was set to 4", "<key>\Start = 4"
  {
    regex: compile(
      String.raw`\b${SET_VERB}\s+(?:(?:the|its)\s+)?(?:(?:registry\s+)?value\s+)?${KEY_MARK}(?:\s+(?:value|entry))?\s+${FROM}to\s+${DATA}${DATA_END}`,
    ),
    name: 'key',
  },
  {
    regex: compile(
      String.raw`${NOT_AFTER_REF}${KEY_MARK}(?:\s+(?:value|entry))?\s+${PASSIVE}(?:set|changed|modified|updated)\s+${FROM}to\s+${DATA}${DATA_END}`,
    ),
    name: 'key',
  },
  { regex: compile(String.raw`${NOT_AFTER_REF}${KEY_MARK}\s*=\s*${DATA}${DATA_END}`), name: 'key' },
];

/**
 * The data `sentence` (with the key replaced by KEY_MARK) gives for the key's value. `valueName` is the
 * value the item already names; `lastSegment` the key path's last segment (a value, when the article
 * writes the path through to it). The result names the value only when the sentence introduces it
 * (the item named none and the path does not end in it). Null when the sentence states no data, or
 * states it ambiguously (two values, two data).
 */
export function proseData(sentence: string, valueName: string | undefined, lastSegment: string): ValueData | null {
  const named: ValueData[] = [];
  const whole: ValueData[] = [];
  for (const pattern of PROSE) {
    for (const m of sentence.matchAll(pattern.regex)) {
      const g = m.groups ?? {};
      const data = [g['d1'], g['d2'], g['d3'], g['d4'], g['d5'], g['d6']].find((d) => d !== undefined && d.trim() !== '')?.trim();
      if (data === undefined) continue;
      if (pattern.name === 'key') {
        if (!valueName) whole.push({ data, ...typeIn(m[0]) });
        continue;
      }
      const name = g['name'] as string;
      if (valueName ? name.toLowerCase() === valueName.toLowerCase() : name.toLowerCase() === lastSegment.toLowerCase()) {
        named.push({ data, ...typeIn(m[0]) });
        continue;
      }
      if (valueName || NOT_NAMES.has(name.toLowerCase())) continue; // another value of the key, or no value at all
      const isValue =
        Boolean(g['q1'] && g['q2']) || new RegExp(String.raw`\b${name}\s+(?:${TYPE_WORD}\s+)?(?:registry\s+)?(?:value|entry)\b`).test(m[0]);
      const camel = /[a-z][A-Z]|[A-Z]{2,}[a-z]/.test(name);
      if (!isValue && !camel && (pattern.loose || !/^[A-Z]/.test(name))) continue;
      named.push({ name, data, ...typeIn(m[0]) });
    }
  }
  // "The Start value of <key> was set to 4" names the value; the path reads as the value only when no name does.
  const found = named.length > 0 ? named : whole;
  if (found.length === 0) return null;
  const first = found[0];
  // Two values, or two data for one value, in one sentence: which is this key's would be a guess.
  if (found.some((f) => f.name?.toLowerCase() !== first.name?.toLowerCase() || f.data !== first.data)) return null;
  return first;
}

function typeIn(text: string): { type?: string } {
  const stated = /\b(REG_[A-Z_]+|DWORD|QWORD)\b/.exec(text)?.[1];
  const type = normaliseType(stated === 'DWORD' ? 'REG_DWORD' : stated === 'QWORD' ? 'REG_QWORD' : stated);
  return type ? { type } : {};
}
