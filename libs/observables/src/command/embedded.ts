import { allInvocations, parseCommandLine, type Invocation } from './parse';

/** Longest command read from one start: a longer run of text is prose or data, not one command. */
const MAX_COMMAND = 1200;

// Programs that hand a command on: parsed from their start, what they run is read unescaped (`cmd /c "reg add \"…\""`).
const WRAPPER_START =
  /(?<![\w.$\\/-])(?:["']?(?:[A-Za-z]:\\[^\s"'<>|]*\\|%\w+%\\)?(?:cmd|powershell|pwsh)(?:\.exe)?["']?\s+[-/]|(?:sudo|nohup|sh|bash|zsh)\s+-?\w)/gi;

export interface EmbeddedInvocation {
  invocation: Invocation;
  /** The text the invocation was parsed from (its offsets are the text's). */
  from: number;
}

/**
 * Commands of the programs `start` finds, wherever a text states them (code blocks, inline code, prose,
 * a page's markup run together on one line): each read from where its program stands to the end of its
 * logical line, through the wrappers that run it. Every invocation that is (or runs inside) a match is
 * returned once, with offsets in `text`; an invocation read through an escaping wrapper has the wrapper
 * word's range.
 */
export function embeddedInvocations(
  text: string,
  start: RegExp,
  accept: (invocation: Invocation) => boolean,
  /** Where a command starting at `from` must end at the latest (an inline code span's end). */
  limit: (from: number) => number = () => text.length,
): EmbeddedInvocation[] {
  const out: EmbeddedInvocation[] = [];
  const covered: Array<[number, number]> = [];
  const inside = (at: number) => covered.some(([a, b]) => at >= a && at < b);
  const starts = new Set<number>();
  for (const m of text.matchAll(start)) starts.add(m.index);
  for (const m of text.matchAll(WRAPPER_START)) starts.add(m.index);
  for (const from of [...starts].sort((a, b) => a - b)) {
    if (inside(from)) continue;
    const parsed = parseCommandLine(text.slice(from, Math.min(limit(from), sentenceEnd(text, from, logicalLineEnd(text, from)))), {
      offset: from,
      firstStage: true,
      runOn: true,
      platform: /[A-Za-z]:\\|%\w+%|\.exe\b/i.test(text.slice(from, from + 400)) ? 'windows' : undefined,
    });
    const first = parsed.invocations[0];
    if (!first) continue;
    // A wrapper's command is read through it: later starts inside it are not read again (escaped quotes).
    for (const inner of first.inner) covered.push([inner.start, inner.end]);
    for (const invocation of allInvocations([first])) if (accept(invocation)) out.push({ invocation, from });
  }
  return out;
}

// A sentence that ends and another that starts ("…/f. Disables the service …"): prose resumes there.
const SENTENCE_BREAK = /[.!?]["')]?\s+(?=[A-Z][a-z]{2,}\s+[a-z])/;

/** Where the sentence holding a command in running text ends, before `end`: a command does not run on into prose. */
function sentenceEnd(text: string, from: number, end: number): number {
  const m = SENTENCE_BREAK.exec(text.slice(from, end));
  return m ? from + m.index + 1 : end;
}

/** End of the line at `from`, over continuation markers (`^`, `` ` ``, `\`) at line ends; at most MAX_COMMAND characters. */
export function logicalLineEnd(text: string, from: number): number {
  let end = from;
  for (;;) {
    const nl = text.indexOf('\n', end);
    if (nl < 0) return Math.min(text.length, from + MAX_COMMAND);
    if (nl - from >= MAX_COMMAND) return from + MAX_COMMAND;
    if (!/[\^`\\]\s*$/.test(text.slice(end, nl))) return nl;
    end = nl + 1;
  }
}
