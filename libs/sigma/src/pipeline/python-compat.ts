import { sigmaError } from './errors';

/**
 * Pipelines are written for pySigma, so their regular expressions, replacement strings and query
 * templates use Python's syntax. These helpers read that syntax with JavaScript's engines.
 */

/** A Python `re` pattern as a JavaScript RegExp (`(?P<name>`, `(?P=name)`, a leading `(?i)`). */
export function pythonRegex(pattern: string, flags = ''): RegExp {
  let source = pattern.replace(/\(\?P</g, '(?<').replace(/\(\?P=(\w+)\)/g, '\\k<$1>');
  let extra = '';
  const inline = /^\(\?([aiLmsux]+)\)/.exec(source);
  if (inline) {
    source = source.slice(inline[0].length);
    for (const flag of inline[1] as string) if ('ims'.includes(flag) && !flags.includes(flag) && !extra.includes(flag)) extra += flag;
  }
  source = source.replace(/\\A/g, '^').replace(/\\Z/g, '$');
  try {
    return new RegExp(source, flags + extra);
  } catch (error) {
    throw sigmaError('SigmaRegularExpressionError', `Regular expression '${pattern}' is invalid: ${(error as Error).message}`);
  }
}

/** Python's `re.sub(pattern, replacement, text)`: `\1`, `\g<1>`, `\g<name>` and escapes in the replacement. */
export function pythonSub(regex: RegExp, replacement: string, text: string): string {
  const global = regex.flags.includes('g') ? regex : new RegExp(regex.source, `${regex.flags}g`);
  return text.replace(global, (...args: unknown[]) => {
    const hasGroups = typeof args[args.length - 1] === 'object';
    const named = (hasGroups ? args[args.length - 1] : {}) as Record<string, string | undefined>;
    const groups = args.slice(0, hasGroups ? -3 : -2) as Array<string | undefined>;
    return replacement.replace(
      /\\(?:g<(\w+)>|(\d{1,2})|([\\nrt])|(.))/g,
      (_all, gname: string, num: string, esc: string, other: string) => {
        if (gname !== undefined) return (/^\d+$/.test(gname) ? groups[Number(gname)] : named[gname]) ?? '';
        if (num !== undefined) return groups[Number(num)] ?? '';
        if (esc !== undefined) return { '\\': '\\', n: '\n', r: '\r', t: '\t' }[esc] ?? esc;
        return `\\${other}`;
      },
    );
  });
}

/**
 * Python's `str.format` for templates with `{name}`, `{name.attr}`, `{name[key]}` fields and `{{`/`}}`
 * escapes. `resolve` gets the field path and returns its value.
 */
export function pythonFormat(template: string, resolve: (path: string[]) => unknown): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const c = template[i] as string;
    if (c === '{') {
      if (template[i + 1] === '{') {
        out += '{';
        i++;
        continue;
      }
      const end = template.indexOf('}', i);
      if (end < 0) throw sigmaError('SigmaBackendError', `Single '{' encountered in format string '${template}'`);
      const field = (template.slice(i + 1, end).split(/[!:]/)[0] ?? '').trim();
      const path = [...field.matchAll(/[^.[\]]+/g)].map((match) => match[0]);
      out += stringOf(resolve(path));
      i = end;
    } else if (c === '}') {
      if (template[i + 1] === '}') i++;
      out += '}';
    } else out += c;
  }
  return out;
}

/** Python's str() of plain values: None, True/False, lists as `['a', 'b']`. */
export function stringOf(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (Array.isArray(value)) return `[${value.map((item) => (typeof item === 'string' ? `'${item}'` : stringOf(item))).join(', ')}]`;
  return String(value);
}

/** Walks an object by a path of property names (for format fields and simple Jinja expressions). */
export function lookupPath(root: Record<string, unknown>, path: string[]): unknown {
  let current: unknown = root;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    if (current instanceof Map) current = current.get(key);
    else current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A small Jinja2 subset: `{{ path }}` and `{{ path | default('x') }}` substitutions, nothing else. */
export function renderJinja(template: string, context: Record<string, unknown>): string {
  if (/\{%/.test(template))
    throw sigmaError(
      'SigmaConfigurationError',
      'Jinja2 statements ({% ... %}) are not supported in templates; use {{ ... }} substitutions',
    );
  return template.replace(
    /\{\{\s*([^}|]+?)\s*(?:\|\s*default\(\s*(['"])(.*?)\2\s*\)\s*)?\}\}/g,
    (_all, expression: string, _q: string, fallback?: string) => {
      const path = [...expression.matchAll(/[^.[\]'"]+/g)].map((match) => match[0]);
      const value = lookupPath(context, path);
      if (value === undefined || value === null) return fallback ?? '';
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    },
  );
}

/** Python's `json.dumps(value)` (`, ` and `: ` separators, non-ASCII escaped). */
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${pythonJson(key)}: ${pythonJson(item)}`)
      .join(', ')}}`;
  }
  if (typeof value === 'string')
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return JSON.stringify(value ?? null);
}
