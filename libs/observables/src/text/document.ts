/**
 * A read-only view of an article's text that every extractor shares: lines with offsets, fenced
 * code blocks, inline code spans and reference sections. Offsets are UTF-16 indexes into `content`.
 */

export interface Line {
  index: number;
  start: number;
  end: number; // exclusive, before the newline
  text: string;
}

export interface CodeBlock {
  /** Language tag of the fence (lower case, '' when none). */
  lang: string;
  /** Offsets of the block's body (between the fence lines). */
  start: number;
  end: number;
  text: string;
  /** Index of the first and last body line. */
  firstLine: number;
  lastLine: number;
}

export interface InlineCode {
  start: number; // offset of the code text (after the opening backtick)
  end: number;
  text: string;
}

export interface ArticleDocument {
  content: string;
  lines: Line[];
  codeBlocks: CodeBlock[];
  inlineCode: InlineCode[];
  /** Line indexes that are inside a fenced block (fence lines included). */
  inFence: boolean[];
  /** Line indexes that belong to a references / sources section. */
  inReferences: boolean[];
  lineAt(offset: number): Line;
  isInCode(offset: number): boolean;
  /** Where the text that holds `offset` ends: its inline code span's end, else the text's end. */
  spanEnd(offset: number): number;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([A-Za-z0-9_+.-]*)/;
const INLINE_CODE = /`([^`\n]+)`/g;

// Headings that open a list of the publisher's sources rather than indicators.
const REFERENCE_HEADING =
  /^\s*(?:#{1,6}\s*)?(?:\[?\s*)?(?:references?|sources?|further reading|related (?:articles|reading|posts|research)|social media(?: links)?|supporting references|external links|bibliography|read more|acknowledg(?:e)?ments?|citations?)\s*\]?\s*:?\s*$/i;
const HEADING = /^\s*(?:#{1,6}\s+\S.*|[A-Z0-9][A-Z0-9 ()&/,'’-]{2,80}:\s*|[A-Z][A-Za-z0-9 ()&/,'’-]{2,60}:\s*)$/;

export function splitLines(content: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let index = 0;
  while (start <= content.length) {
    let end = content.indexOf('\n', start);
    if (end === -1) end = content.length;
    const lineEnd = end > start && content[end - 1] === '\r' ? end - 1 : end;
    lines.push({ index: index++, start, end: lineEnd, text: content.slice(start, lineEnd) });
    start = end + 1;
  }
  return lines;
}

export function parseDocument(content: string): ArticleDocument {
  const lines = splitLines(content);
  const inFence = new Array<boolean>(lines.length).fill(false);
  const codeBlocks: CodeBlock[] = [];

  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i].text);
    if (!open) continue;
    const marker = open[1];
    let close = i + 1;
    while (close < lines.length) {
      const m = /^\s{0,3}(`{3,}|~{3,})\s*$/.exec(lines[close].text);
      if (m && m[1][0] === marker[0] && m[1].length >= marker.length) break;
      close++;
    }
    const firstLine = i + 1;
    const lastLine = Math.min(close, lines.length) - 1;
    for (let k = i; k <= Math.min(close, lines.length - 1); k++) inFence[k] = true;
    if (lastLine >= firstLine) {
      const start = lines[firstLine].start;
      const end = lines[lastLine].end;
      codeBlocks.push({ lang: open[2].toLowerCase(), start, end, text: content.slice(start, end), firstLine, lastLine });
    }
    i = close;
  }

  const inlineCode: InlineCode[] = [];
  for (const line of lines) {
    if (inFence[line.index]) continue;
    INLINE_CODE.lastIndex = 0;
    for (let m = INLINE_CODE.exec(line.text); m; m = INLINE_CODE.exec(line.text)) {
      const start = line.start + m.index + 1;
      inlineCode.push({ start, end: start + m[1].length, text: m[1] });
    }
  }

  const inReferences = markReferenceSections(lines, inFence);
  const lineStarts = lines.map((line) => line.start);
  const lineAt = (offset: number): Line => lines[upperBound(lineStarts, offset) - 1] ?? lines[0];
  const codeRanges = [...codeBlocks.map((b) => [b.start, b.end] as const), ...inlineCode.map((c) => [c.start, c.end] as const)].sort(
    (a, b) => a[0] - b[0],
  );
  const rangeStarts = codeRanges.map(([s]) => s);
  const isInCode = (offset: number): boolean => {
    const i = upperBound(rangeStarts, offset) - 1;
    return i >= 0 && offset < codeRanges[i][1];
  };

  const inlineStarts = inlineCode.map((c) => c.start);
  const spanEnd = (offset: number): number => {
    const code = inlineCode[upperBound(inlineStarts, offset) - 1];
    return code && offset < code.end ? code.end : content.length;
  };

  return { content, lines, codeBlocks, inlineCode, inFence, inReferences, lineAt, isInCode, spanEnd };
}

function markReferenceSections(lines: Line[], inFence: boolean[]): boolean[] {
  const marks = new Array<boolean>(lines.length).fill(false);
  let inside = false;
  for (const line of lines) {
    if (inFence[line.index]) continue;
    if (REFERENCE_HEADING.test(line.text)) {
      inside = true;
      marks[line.index] = true;
      continue;
    }
    if (inside && HEADING.test(line.text) && !/^\s*[-*•]/.test(line.text)) inside = false;
    // A numbered citation line ("[1] https://...") is a reference wherever it stands.
    marks[line.index] = inside || /^\s*\[\d{1,3}\]\s+\S/.test(line.text);
  }
  return marks;
}

function upperBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Evidence object for a span of the content. */
export function evidenceOf(content: string, start: number, end: number): { start: number; end: number; text: string } {
  return { start, end, text: content.slice(start, end) };
}
