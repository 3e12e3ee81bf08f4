/**
 * A lower bound on the length (UTF-16 units) of any text a JavaScript regular expression (no `u`
 * flag) can match; 0 when unsure. A regex such as `.{1000,}` tried on a shorter text would test every
 * start position before failing (quadratic on long values); the bound rules such texts out first.
 */
export function regexMinLength(source: string): number {
  try {
    const parser = new Parser(source);
    const length = parser.alternatives();
    return parser.at === source.length ? length : 0;
  } catch {
    return 0;
  }
}

const MAX = 1e9;
const QUANTIFIER = /^\{(\d+)(?:,(\d*))?\}/;

class Parser {
  at = 0;
  constructor(private readonly source: string) {}

  /** Alternatives up to a `)` or the end: the shortest of them. */
  alternatives(): number {
    let shortest = this.sequence();
    while (this.source[this.at] === '|') {
      this.at++;
      shortest = Math.min(shortest, this.sequence());
    }
    return shortest;
  }

  private sequence(): number {
    let total = 0;
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      const atom = this.atom();
      total = Math.min(MAX, total + atom * this.quantifier());
    }
    return total;
  }

  private atom(): number {
    const char = this.source[this.at] as string;
    this.at++;
    switch (char) {
      case '^':
      case '$':
        return 0;
      case '(':
        return this.group();
      case '[':
        this.skipClass();
        return 1;
      case '\\':
        return this.escape();
      default:
        return 1;
    }
  }

  private group(): number {
    const rest = this.source.slice(this.at, this.at + 3);
    let lookaround = false;
    if (rest.startsWith('?:')) this.at += 2;
    else if (rest.startsWith('?=') || rest.startsWith('?!')) {
      this.at += 2;
      lookaround = true;
    } else if (rest.startsWith('?<=') || rest.startsWith('?<!')) {
      this.at += 3;
      lookaround = true;
    } else if (rest.startsWith('?<')) {
      const close = this.source.indexOf('>', this.at);
      if (close < 0) throw new Error('unclosed group name');
      this.at = close + 1;
    } else if (rest.startsWith('?')) throw new Error('unknown group');
    const inner = this.alternatives();
    if (this.source[this.at] !== ')') throw new Error('unclosed group');
    this.at++;
    return lookaround ? 0 : inner;
  }

  /** Past a character class (JavaScript's: the first unescaped `]` closes it, even right after `[`). */
  private skipClass(): void {
    if (this.source[this.at] === '^') this.at++;
    while (this.at < this.source.length && this.source[this.at] !== ']') this.at += this.source[this.at] === '\\' ? 2 : 1;
    if (this.at >= this.source.length) throw new Error('unclosed class');
    this.at++;
  }

  private escape(): number {
    const char = this.source[this.at];
    if (char === undefined) throw new Error('trailing backslash');
    this.at++;
    if (char === 'b' || char === 'B') return 0;
    // Back references may match nothing; octal escapes (one unit) are counted as nothing too.
    if (/[0-9]/.test(char)) {
      while (/[0-9]/.test(this.source[this.at] ?? '')) this.at++;
      return 0;
    }
    if (char === 'k' && this.source[this.at] === '<') {
      const close = this.source.indexOf('>', this.at);
      if (close < 0) throw new Error('unclosed reference');
      this.at = close + 1;
      return 0;
    }
    if (char === 'x' && /^[0-9a-fA-F]{2}/.test(this.source.slice(this.at))) this.at += 2;
    else if (char === 'u' && /^[0-9a-fA-F]{4}/.test(this.source.slice(this.at))) this.at += 4;
    else if (char === 'c' && /^[A-Za-z]/.test(this.source.slice(this.at))) this.at += 1;
    return 1;
  }

  /** The least repetition of the atom just read, past its quantifier (1 without one). */
  private quantifier(): number {
    const char = this.source[this.at];
    let least = 1;
    if (char === '*' || char === '?') {
      this.at++;
      least = 0;
    } else if (char === '+') this.at++;
    else if (char === '{') {
      const match = QUANTIFIER.exec(this.source.slice(this.at));
      if (!match) return 1;
      this.at += match[0].length;
      least = Number(match[1]);
    } else return 1;
    if (this.source[this.at] === '?') this.at++;
    return least;
  }
}
