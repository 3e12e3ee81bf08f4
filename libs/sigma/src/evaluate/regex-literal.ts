const CLASS_ESCAPES = new Set([...'dDwWsSbBpPkcxu0123456789nrtfv']);

/**
 * The longest run of plain characters every match of a regular expression contains (lower case),
 * or null when the expression has no such run (a top-level alternation, only classes...). Groups,
 * classes, optional and repeated characters end a run; nothing inside them is relied upon.
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
      if (escaped === undefined || CLASS_ESCAPES.has(escaped)) end();
      else run += escaped;
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
