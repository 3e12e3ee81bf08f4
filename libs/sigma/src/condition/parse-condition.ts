/** The condition of a Sigma rule as a tree. `of` keeps its pattern; resolveCondition expands it. */
export type ConditionNode =
  | { kind: 'and' | 'or'; children: ConditionNode[] }
  | { kind: 'not'; child: ConditionNode }
  | { kind: 'ref'; name: string }
  | { kind: 'of'; quantifier: 'one' | 'all'; pattern: string; atLeast?: number };

export interface ParseConditionOptions {
  /**
   * Accept `N of pattern` for N > 1 (an extension some engines evaluate; Sigma v2 has only `1 of` and
   * `all of`, so the validator leaves this off and reports it). Such a node carries `atLeast`.
   */
  countQuantifiers?: boolean;
}

export class ConditionSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ConditionSyntaxError';
  }
}

interface Token {
  type: 'word' | 'lparen' | 'rparen' | 'pipe';
  text: string;
  position: number;
}

const KEYWORDS = new Set(['and', 'or', 'not', 'of', 'them', 'all']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /\s*(?:(\()|(\))|(\|)|([A-Za-z0-9_*.-]+)|(\S))/gy;
  let match: RegExpExecArray | null;
  while (pattern.lastIndex < source.length && (match = pattern.exec(source)) !== null) {
    const position = match.index + (match[0].length - match[0].trimStart().length);
    if (match[1]) tokens.push({ type: 'lparen', text: '(', position });
    else if (match[2]) tokens.push({ type: 'rparen', text: ')', position });
    else if (match[3]) tokens.push({ type: 'pipe', text: '|', position });
    else if (match[4]) {
      const lowered = match[4].toLowerCase();
      if (KEYWORDS.has(lowered) && match[4] !== lowered) {
        throw new ConditionSyntaxError(`operators are written in lower case: '${match[4]}' should be '${lowered}'`, position);
      }
      tokens.push({ type: 'word', text: match[4], position });
    } else if (match[5]) throw new ConditionSyntaxError(`unexpected character '${match[5]}'`, position);
    else break;
  }
  return tokens;
}

/** Parses `selection and not 1 of filter_*` (and, or, not, parentheses, `1 of`/`all of` pattern|them). */
export function parseCondition(source: string, options: ParseConditionOptions = {}): ConditionNode {
  const tokens = tokenize(source);
  let index = 0;
  const peek = (): Token | undefined => tokens[index];
  // Operators are lower-case in Sigma (pySigma refuses `OR`): an upper-case one is a stray identifier.
  const isWord = (token: Token | undefined, word: string): boolean => token?.type === 'word' && token.text === word;
  const fail = (message: string, token = peek()): never => {
    throw new ConditionSyntaxError(message, token?.position ?? source.length);
  };

  function parseOr(): ConditionNode {
    const children = [parseAnd()];
    while (isWord(peek(), 'or')) {
      index++;
      children.push(parseAnd());
    }
    return children.length === 1 ? (children[0] as ConditionNode) : { kind: 'or', children };
  }

  function parseAnd(): ConditionNode {
    const children = [parseNot()];
    while (isWord(peek(), 'and')) {
      index++;
      children.push(parseNot());
    }
    return children.length === 1 ? (children[0] as ConditionNode) : { kind: 'and', children };
  }

  function parseNot(): ConditionNode {
    if (isWord(peek(), 'not')) {
      index++;
      return { kind: 'not', child: parseNot() };
    }
    return parsePrimary();
  }

  function parsePrimary(): ConditionNode {
    const token = peek();
    if (!token) return fail('the condition ends where an identifier or ( was expected');
    if (token.type === 'pipe') return fail('aggregation expressions (`| count() ...`) are not part of Sigma v2; use a correlation rule');
    if (token.type === 'lparen') {
      index++;
      const inner = parseOr();
      if (peek()?.type !== 'rparen') fail('missing closing parenthesis');
      index++;
      return inner;
    }
    if (token.type === 'rparen') return fail('unexpected )');
    if (isWord(tokens[index + 1], 'of')) return parseOf(token);
    if (KEYWORDS.has(token.text.toLowerCase())) return fail(`unexpected keyword '${token.text}'`);
    index++;
    return { kind: 'ref', name: token.text };
  }

  function parseOf(quantifierToken: Token): ConditionNode {
    const text = quantifierToken.text.toLowerCase();
    const count = /^[1-9][0-9]*$/.test(text) ? Number(text) : null;
    const countAllowed = count === 1 || (count !== null && options.countQuantifiers === true);
    if (!countAllowed && text !== 'all') fail(`'${quantifierToken.text} of' is not allowed; use '1 of' or 'all of'`, quantifierToken);
    index += 2;
    const target = peek();
    if (!target || target.type !== 'word') return fail("'of' must be followed by an identifier pattern or 'them'");
    const lowered = target.text.toLowerCase();
    if (KEYWORDS.has(lowered) && lowered !== 'them') fail(`unexpected keyword '${target.text}' after 'of'`, target);
    index++;
    const pattern = lowered === 'them' ? 'them' : target.text;
    if (count !== null && count > 1) return { kind: 'of', quantifier: 'one', pattern, atLeast: count };
    return { kind: 'of', quantifier: text === 'all' ? 'all' : 'one', pattern };
  }

  if (tokens.length === 0) fail('the condition is empty');
  const tree = parseOr();
  const rest = peek();
  if (rest) fail(`unexpected '${rest.text}'`);
  return tree;
}

/** The identifiers an `of` pattern names: `them` is every identifier not starting with `_`; `*` is a wildcard. */
export function expandPattern(pattern: string, identifiers: readonly string[]): string[] {
  if (pattern === 'them') return identifiers.filter((name) => !name.startsWith('_'));
  if (!pattern.includes('*')) return identifiers.filter((name) => name === pattern);
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegex).join('.*')}$`);
  return identifiers.filter((name) => regex.test(name));
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every identifier the condition uses, with the `of` patterns expanded. */
export function referencedIdentifiers(node: ConditionNode, identifiers: readonly string[]): Set<string> {
  const used = new Set<string>();
  const visit = (current: ConditionNode): void => {
    if (current.kind === 'ref') used.add(current.name);
    else if (current.kind === 'of') expandPattern(current.pattern, identifiers).forEach((name) => used.add(name));
    else if (current.kind === 'not') visit(current.child);
    else current.children.forEach(visit);
  };
  visit(node);
  return used;
}
