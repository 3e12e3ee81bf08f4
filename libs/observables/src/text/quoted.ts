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
