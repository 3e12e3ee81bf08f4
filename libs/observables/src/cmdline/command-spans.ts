import { parseCommandLine, type Invocation } from '../command/parse';
import { STOPWORDS } from '../text/english';

export interface CommandSpan {
  start: number;
  end: number;
  /** The program as written, when the span is not the first (whose program the caller checked). */
  program?: string;
  /** True when only white space separates the span from the one before it (the page ran the commands together). */
  adjacent: boolean;
}

/** Longest text read as one run of commands: a longer stretch of a one-line page is read piece by piece. */
const MAX_RUN = 4000;

/**
 * The command lines in `content[start, end)`, read through the one command-line model: a page that lost the
 * line breaks of a code block ("… /f reg add "HKLM\…" /v … /f sc delete Sense") gives one span per command,
 * the prose that resumes after a command ("… /quiet Per the analysis, …") and a trailing comment
 * (`# note`, `REM`, `::`) are cut off. Stages joined by an operator (`|`, `&&`, `;`) or by a real line
 * break of a continued command stay one command line. With `proseStop`, a command read out of running text
 * also ends at the first unquoted function word ("… -urlcache -f http://x/a with a renamed copy").
 */
export function commandSpans(content: string, start: number, end: number, options: { proseStop?: boolean } = {}): CommandSpan[] {
  const text = content.slice(start, Math.min(end, start + MAX_RUN));
  const glued = gluedRestart(text);
  if (glued > 0) {
    const [next, ...rest] = commandSpans(content, start + glued, end, options);
    const program = /^\S+/.exec(text)?.[0];
    const first = commandSpans(content, start, start + glued, options);
    return next ? [...first, { ...next, adjacent: true, ...(program ? { program } : {}) }, ...rest] : first;
  }
  const windows = /[A-Za-z]:\\|%\w+%|\.exe\b/i.test(text.slice(0, 400));
  const parsed = parseCommandLine(text, { offset: start, runOn: true, ...(windows ? { platform: 'windows' as const } : {}) });
  const stages = parsed.invocations;
  if (stages.length === 0) return [{ start, end, adjacent: true }];
  const spans: CommandSpan[] = [];
  let previousEnd = start;
  for (const stage of stages) {
    const gap = content.slice(previousEnd, stage.start);
    const runOn = stage.joiner === '\n' && !gap.includes('\n');
    const current = spans[spans.length - 1];
    // A lone `&` joins a stage to the command before it only when nothing but the operator lies between: in the
    // prose after a command it is the word "and" ("… /f Disables logging & UI reg add …").
    const operatorOnly = stage.joiner !== '&' || /^[\s|&;]*$/.test(gap);
    if (current && !runOn && operatorOnly) current.end = stage.end;
    else
      spans.push({
        start: stage.start,
        end: stage.end,
        ...(current && stage.program ? { program: stage.program.raw } : {}),
        adjacent: !current || /^\s*$/.test(gap),
      });
    if (options.proseStop) {
      const stop = firstProseWord(stage);
      if (stop !== null) {
        const last = spans[spans.length - 1] as CommandSpan;
        last.end = trimEnd(content, last.start, stop);
        break;
      }
    }
    previousEnd = stage.end;
  }
  // What follows the last stage up to `end`: an operator that backgrounds or ends it (`&`, `;`) stays with it.
  const last = spans[spans.length - 1] as CommandSpan;
  if (last.end === previousEnd && /^[\s&;]*$/.test(content.slice(last.end, end)) && !options.proseStop) last.end = end;
  // A full stop a page set apart with a space before the next sentence ("… netonly . The flag …") is not an argument.
  for (const span of spans) {
    const stop = /\s+\.$/.exec(content.slice(span.start, span.end));
    if (stop && /^\s+[A-Z][a-z]/.test(content.slice(span.end, span.end + 4))) span.end -= stop[0].length;
  }
  return spans.filter((span) => span.end > span.start);
}

/**
 * Offset where a page glued the next command of a list onto the end of the one before, with no space between
 * ("… call ChangeStartmode Disabledwmic /node:…"): the program that starts the text, named again at the end of
 * a word outside quotes and followed by a switch. -1 when there is none.
 */
function gluedRestart(text: string): number {
  const start = /^([A-Za-z][\w.-]{2,})\s+([A-Za-z][\w-]*)?/.exec(text);
  if (!start) return -1;
  const program = start[1] as string;
  const escape = (word: string) => word.replace(/[.-]/g, '\\$&');
  // Named again and followed by a switch, or by the same sub-command it started with ("… disabledsc.exe config …").
  const after = start[2] ? `(?:[-/][A-Za-z]|${escape(start[2])}\\s)` : '[-/][A-Za-z]';
  const again = new RegExp(String.raw`(?<=[A-Za-z0-9"')\]])` + escape(program) + String.raw`(?=\s+` + after + ')', 'gi');
  again.lastIndex = program.length;
  for (let m = again.exec(text); m; m = again.exec(text)) {
    const before = text.slice(0, m.index);
    if (((before.match(/"/g) ?? []).length & 1) === 0 && ((before.match(/'/g) ?? []).length & 1) === 0) return m.index;
  }
  return -1;
}

/** Offset of the first unquoted function word among the stage's arguments, else null. */
function firstProseWord(stage: Invocation): number | null {
  for (const [i, word] of stage.args.entries()) {
    // A word followed by a switch is an argument, even one spelt like a function word (WinRAR's `a -ep1`).
    const beforeSwitch = /^(?:--?|\/)[A-Za-z]/.test(stage.args[i + 1]?.raw ?? '');
    if (word.raw === word.value && STOPWORDS.has(word.raw.toLowerCase()) && !beforeSwitch) return word.start;
    // Punctuation a page set apart with a space ("ran AdgNsy.exe . Forensic …", "P@ssw0rd! , they …") ends the sentence's command.
    if (word.raw === ',' || (word.raw === '.' && (i === stage.args.length - 1 || /^[A-Z][a-z]/.test(stage.args[i + 1]?.raw ?? ''))))
      return word.start;
  }
  return null;
}

function trimEnd(content: string, start: number, end: number): number {
  while (end > start && /[\s.,;:]/.test(content[end - 1] as string)) end--;
  return end;
}
