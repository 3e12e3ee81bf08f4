/** Reads one argument value at `offset`: a quoted string (without its quotes) or a bare token. */
export function readArgument(text: string, offset: number): { value: string; start: number; end: number } | null {
  let i = offset;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const open = text[i];
  if (open === '"' || open === "'" || open === '“') {
    const close = open === '“' ? '”' : open;
    const end = text.indexOf(close, i + 1);
    if (end < 0 || text.slice(i + 1, end).includes('\n')) return null;
    return { value: text.slice(i + 1, end), start: i + 1, end };
  }
  const m = /^[^\s"'`,;)]+/.exec(text.slice(i));
  return m ? { value: m[0], start: i, end: i + m[0].length } : null;
}

/** A field's value: the rest of the line, up to a column gap or table border, unquoted. */
export function readFieldValue(content: string, offset: number): { value: string; start: number; end: number } | null {
  const lineEnd = content.indexOf('\n', offset);
  const rest = content.slice(offset, lineEnd < 0 ? content.length : lineEnd);
  const cut = rest.search(/\s{2,}|\t|\s\|/);
  const raw = (cut < 0 ? rest : rest.slice(0, cut)).trimEnd();
  const quoted = /^(["'`“])(.*?)(["'`”])$/.exec(raw);
  const value = quoted ? quoted[2] : raw;
  if (value.length < 2 || value.length > 200) return null;
  const start = offset + (quoted ? 1 : 0);
  return { value, start, end: start + value.length };
}
