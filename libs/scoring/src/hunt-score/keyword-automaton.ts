/**
 * A compiled Aho–Corasick automaton (full DFA: failure links folded into the transition table) that
 * finds every registered pattern in one left-to-right pass over the text.
 *
 * Patterns and text must already be normalised (lower case, single spaces). Word-boundary rules:
 * a pattern whose first character is a word character must not be preceded by one, and likewise at
 * its end, so `iex` does not fire inside `ciexpress` while `.dll` fires inside `evil.dll`.
 */

const WORD = buildWordTable();

function buildWordTable(): Uint8Array {
  const table = new Uint8Array(65536);
  const letterOrDigit = /[\p{L}\p{N}_]/u;
  for (let code = 0; code < 65536; code++) {
    if (code < 128) {
      table[code] = (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 ? 1 : 0;
    } else if (code < 0xd800 || code > 0xdfff) {
      table[code] = letterOrDigit.test(String.fromCharCode(code)) ? 1 : 0;
    }
  }
  return table;
}

export function isWordChar(code: number): boolean {
  return WORD[code] === 1;
}

export interface KeywordAutomaton {
  /** Calls `onMatch(patternIndex)` for each occurrence that satisfies the boundary rules. */
  scan(text: string, onMatch: (patternIndex: number) => void): void;
  readonly stateCount: number;
}

export function compileAutomaton(patterns: readonly string[]): KeywordAutomaton {
  // Alphabet: each character used by some pattern gets a class; everything else is class 0, which
  // always leads back to the root because no pattern contains it.
  const classOf = new Uint16Array(65536);
  let classCount = 1;
  for (const pattern of patterns) {
    for (let i = 0; i < pattern.length; i++) {
      const code = pattern.charCodeAt(i);
      if (classOf[code] === 0) classOf[code] = classCount++;
    }
  }

  // Trie with growable child tables.
  const children: Int32Array[] = [new Int32Array(classCount).fill(-1)];
  const outputs: number[][] = [[]];
  patterns.forEach((pattern, index) => {
    if (pattern.length === 0) throw new Error('empty keyword');
    let state = 0;
    for (let i = 0; i < pattern.length; i++) {
      const cls = classOf[pattern.charCodeAt(i)];
      let next = children[state][cls];
      if (next === -1) {
        next = children.length;
        children.push(new Int32Array(classCount).fill(-1));
        outputs.push([]);
        children[state][cls] = next;
      }
      state = next;
    }
    outputs[state].push(index);
  });

  // Breadth-first: fill missing transitions from the failure state and inherit its outputs.
  const stateCount = children.length;
  const delta = new Int32Array(stateCount * classCount);
  const fail = new Int32Array(stateCount);
  const queue: number[] = [];
  for (let cls = 0; cls < classCount; cls++) {
    const child = children[0][cls];
    if (child === -1) {
      delta[cls] = 0;
    } else {
      delta[cls] = child;
      fail[child] = 0;
      queue.push(child);
    }
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head];
    const failState = fail[state];
    if (outputs[failState].length > 0) outputs[state] = outputs[state].concat(outputs[failState]);
    for (let cls = 0; cls < classCount; cls++) {
      const child = children[state][cls];
      if (child === -1) {
        delta[state * classCount + cls] = delta[failState * classCount + cls];
      } else {
        delta[state * classCount + cls] = child;
        fail[child] = delta[failState * classCount + cls];
        queue.push(child);
      }
    }
  }

  const lengths = patterns.map((pattern) => pattern.length);
  const needsLeftBoundary = patterns.map((pattern) => isWordChar(pattern.charCodeAt(0)));
  const needsRightBoundary = patterns.map((pattern) => isWordChar(pattern.charCodeAt(pattern.length - 1)));
  const outputTable = outputs.map((list) => (list.length > 0 ? Int32Array.from(list) : null));

  return {
    stateCount,
    scan(text, onMatch) {
      let state = 0;
      const length = text.length;
      for (let i = 0; i < length; i++) {
        state = delta[state * classCount + classOf[text.charCodeAt(i)]];
        const found = outputTable[state];
        if (found === null) continue;
        for (let k = 0; k < found.length; k++) {
          const index = found[k];
          if (needsRightBoundary[index] && i + 1 < length && WORD[text.charCodeAt(i + 1)] === 1) continue;
          const start = i - lengths[index] + 1;
          if (needsLeftBoundary[index] && start > 0 && WORD[text.charCodeAt(start - 1)] === 1) continue;
          onMatch(index);
        }
      }
    },
  };
}
