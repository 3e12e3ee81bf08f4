/**
 * The longest run of plain characters every match of a regular expression contains (lower case),
 * or null when the expression has no such run (a top-level alternation, only classes...). Groups,
 * classes, optional and repeated characters end a run; nothing inside them is relied upon. So do
 * escaped letters and digits (classes, anchors, `\x41`, back-references, PCRE's `\A`) and characters
 * beyond ASCII (a case-insensitive regex may match them in another case that lower-casing misses).
 */
export function requiredRegexLiteral(source: string): string | null {
  const runs: string[] = [];
  let run = '';
  const end = (): void => {
    if (run) runs.push(run);
    run = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i] as string;
    if (char === '\\') {
      const escaped = source[i + 1];
      i++;
      if (escaped === undefined || /[0-9A-Za-z]/.test(escaped)) {
        end();
        i = skipEscapeTail(source, i);
      } else if (escaped.charCodeAt(0) > 127) end();
      else run += escaped;
      continue;
    }
    if (char.charCodeAt(0) > 127) {
      end();
      continue;
    }
    if (char === '[') {
      i = skipClass(source, i);
      end();
      continue;
    }
    if (char === '(') {
      const close = skipGroup(source, i);
      if (close < 0) return null;
      i = close;
      end();
      continue;
    }
    if (char === '|') return null;
    if (char === '*' || char === '?' || char === '{' || char === '+') {
      // The quantified character may be absent or repeated: the run ends before it.
      run = run.slice(0, -1);
      end();
      if (char === '{') {
        const close = source.indexOf('}', i);
        i = close < 0 ? source.length : close;
      }
      if (source[i + 1] === '?' || source[i + 1] === '+') i++;
      continue;
    }
    if (char === '.' || char === '^' || char === '$' || char === ')') {
      end();
      continue;
    }
    run += char;
  }
  end();
  const best = runs.reduce<string | null>(
    (longest, candidate) => (longest === null || candidate.length > longest.length ? candidate : longest),
    null,
  );
  return best === null ? null : best.toLowerCase();
}

/** The end of an escape's operand (`\x41`, `\u{1F600}`, `\cJ`, `\12`, `\p{L}`, `\k<name>`), from its letter at `at`. */
function skipEscapeTail(source: string, at: number): number {
  const letter = source[at] as string;
  const next = source[at + 1];
  if ((next === '{' || next === '<' || next === "'") && /[xupPNgk]/.test(letter)) {
    const close = source.indexOf(next === '{' ? '}' : next === '<' ? '>' : "'", at + 2);
    return close < 0 ? source.length : close;
  }
  const run = (pattern: RegExp, most: number): number => {
    let end = at;
    while (end - at < most && end + 1 < source.length && pattern.test(source[end + 1] as string)) end++;
    return end;
  };
  if (letter === 'x') return run(/[0-9A-Fa-f]/, 2);
  if (letter === 'u') return run(/[0-9A-Fa-f]/, 4);
  if (letter === 'c') return at + 1 < source.length ? at + 1 : at;
  if (/[0-9]/.test(letter)) return run(/[0-9]/, 3);
  return at;
}

function skipClass(source: string, open: number): number {
  for (let i = open + 1; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ']' && i > open + 1) return i;
  }
  return source.length;
}

/** The index of the `)` closing the group opened at `open`, or -1. */
function skipGroup(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '[') i = skipClass(source, i);
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return i;
  }
  return -1;
}
