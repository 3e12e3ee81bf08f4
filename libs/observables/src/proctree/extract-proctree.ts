import type { ProcessPairItem } from '@huntforge/contracts';
import type { ArticleDocument } from '../text/document';
import { imageOf } from './images';

interface Pair {
  parent: string;
  child: string;
  start: number;
  end: number;
  confidence: number;
}

const IMAGE = String.raw`(?:[A-Za-z]:\\[^\s"'<>|]{0,200}\\|%\w+%\\[^\s"'<>|]{0,200}\\)?[\w.-]{1,64}(?:\.exe)?`;
const ARROW = String.raw`\s*(?:->|-->|=>|→|⇒|>)\s*`;
const CHAIN = new RegExp(String.raw`(?<![\w.%:\\-])["'\x60(]?${IMAGE}["'\x60)]?(?:${ARROW}["'\x60(]?${IMAGE}["'\x60)]?)+`, 'gi');

const CREATE_VERB = String.raw`(?:spawn(?:s|ed|ing)?|launch(?:es|ed|ing)?|execut(?:es|ed|ing)|start(?:s|ed|ing)|creat(?:es|ed|ing)|invok(?:es|ed|ing)|run(?:s|ning)?|ran|open(?:s|ed|ing))`;
const FILLER = String.raw`(?:,?\s+(?:then|also|subsequently|in\s+turn|later|finally|immediately),?)?`;
// "... spawned Y and Z", "... spawned Y and, on elevated shells, Z": a second child of the same parent.
const AND_ALSO = /^\s*,?\s+(?:and|or)\s*(?:,[^,.;\n]{1,80},\s*)?\s*(\S{1,120})/i;
const PROCESS_WORDS = String.raw`(?:\s+(?:a|an|the))?(?:\s+(?:new|child|hidden|second|separate|malicious|suspicious))?(?:\s+(?:process|instance)(?:\s+(?:of|for|called|named))?)?`;
// "X spawned Y", "X, which spawned Y"
const ACTIVE = new RegExp(String.raw`(?<!\S)(\S{1,120})(?:,?\s+which)?${FILLER}\s+${CREATE_VERB}${PROCESS_WORDS}\s+(\S{1,120})`, 'gi');
// "Y was spawned by X", "Y launched by X", "Y, spawned by X"
const PASSIVE = new RegExp(String.raw`(?<!\S)(\S{1,120})(?:\s+process)?(?:,|\s+(?:was|is|were|being|gets|got))?\s+${CREATE_VERB}\s+by(?:\s+(?:the|a|an))?(?:\s+(?:parent|legitimate|compromised))?(?:\s+process)?\s+(\S{1,120})`, 'gi');
// "X as a parent process for Y", "X as the parent of Y"
const PARENT_OF = new RegExp(String.raw`(?<!\S)(\S{1,120})\s+(?:as|is)\s+(?:a|an|the)\s+parent(?:\s+process)?\s+(?:for|of)\s+(\S{1,120})`, 'gi');
// "Y with parent (process) X", "Y (parent: X)"
const WITH_PARENT = new RegExp(String.raw`(?<!\S)(\S{1,120})\s+(?:with|whose)\s+(?:a\s+|the\s+)?parent(?:\s+process)?(?:\s+(?:is|being|of))?\s+(\S{1,120})`, 'gi');

const PARENT_FIELD = /^\s*(?:[-*]\s*)?["']?(?:ParentImage|ParentProcessName|Parent\s*Process(?:\s*Name)?|InitiatingProcessFileName|Creator\s+Process\s+Name|ParentCommandLine)["']?\s*(?:\|\s*\w+\s*)?[:=]\s*(.+)$/i;
const CHILD_FIELD = /^\s*(?:[-*]\s*)?["']?(?:Image|NewProcessName|New\s+Process\s+Name|Process\s*Name|FileName|ProcessFileName|Child\s*Process(?:\s*Name)?)["']?\s*(?:\|\s*\w+\s*)?[:=]\s*(.+)$/i;
const TREE_GLYPH = /^([\s│|]*)(?:[└├┗┣╰+`]\s*[─━-]{1,3}>?|\\_|\|--|\|_{1,2}|[-*])\s*/;

/**
 * Parent -> child process pairs stated by the article: arrow chains (a.exe -> b.exe -> c.exe),
 * sentences with a creation verb ("X spawned Y", "Y was launched by X", "X as a parent process for
 * Y"), structured telemetry (ParentImage/Image blocks) and tree listings. Pairs are never inferred
 * from a lone command line.
 */
export function extractProcessPairs(doc: ArticleDocument): ProcessPairItem[] {
  const pairs: Pair[] = [];
  fromChains(doc, pairs);
  fromSentences(doc, pairs);
  fromTelemetry(doc, pairs);
  fromTrees(doc, pairs);
  return dedupe(doc, pairs);
}

function fromChains(doc: ArticleDocument, out: Pair[]): void {
  for (const m of doc.content.matchAll(CHAIN)) {
    const names = m[0].split(new RegExp(ARROW)).map(imageOf);
    for (let i = 0; i + 1 < names.length; i++) {
      const parent = names[i];
      const child = names[i + 1];
      if (parent && child) out.push({ parent: parent.name, child: child.name, start: m.index, end: m.index + m[0].length, confidence: 0.9 });
    }
  }
}

function fromSentences(doc: ArticleDocument, out: Pair[]): void {
  const patterns: Array<[RegExp, boolean, number]> = [
    [ACTIVE, false, 0.85],
    [PASSIVE, true, 0.85],
    [PARENT_OF, false, 0.85],
    [WITH_PARENT, true, 0.8],
  ];
  for (const paragraph of proseParagraphs(doc)) {
    // A statement about a pair names at least two images: skip every other paragraph cheaply.
    if (paragraph.text.split(/\s+/).filter((t) => imageOf(t)).length < 2) continue;
    for (const [re, reversed, confidence] of patterns) {
      re.lastIndex = 0;
      for (let m = re.exec(paragraph.text); m; m = re.exec(paragraph.text)) {
        const a = imageOf(m[1]);
        const b = imageOf(m[2]);
        re.lastIndex = m.index + m[1].length; // let "B" start the next statement ("A spawned B, which launched C")
        if (!a || !b) continue;
        const [parent, child] = reversed ? [b, a] : [a, b];
        const start = paragraph.start + m.index;
        out.push({ parent: parent.name, child: child.name, start, end: start + m[0].length, confidence });
        if (reversed || re !== ACTIVE) continue;
        const also = AND_ALSO.exec(paragraph.text.slice(m.index + m[0].length));
        const second = also ? imageOf(also[1]) : null;
        if (second) out.push({ parent: parent.name, child: second.name, start, end: start + m[0].length + (also?.[0].length ?? 0), confidence: confidence - 0.05 });
      }
    }
  }
}

/**
 * Runs of prose lines (outside fences) joined into one text, so a sentence wrapped over two lines is
 * read whole; line breaks become spaces, so offsets stay those of the article.
 */
function proseParagraphs(doc: ArticleDocument): Array<{ start: number; text: string }> {
  const paragraphs: Array<{ start: number; text: string }> = [];
  let current: { start: number; end: number } | null = null;
  const flush = () => {
    if (current) paragraphs.push({ start: current.start, text: doc.content.slice(current.start, current.end).replace(/\n/g, ' ') });
    current = null;
  };
  for (const line of doc.lines) {
    if (doc.inFence[line.index] || !line.text.trim()) {
      flush();
      continue;
    }
    const end = line.start + line.text.length;
    if (current) current.end = end;
    else current = { start: line.start, end };
  }
  flush();
  return paragraphs;
}

function fromTelemetry(doc: ArticleDocument, out: Pair[]): void {
  let parent: { name: string; start: number; line: number } | null = null;
  let child: { name: string; start: number; line: number } | null = null;
  for (const line of doc.lines) {
    if (!line.text.trim()) {
      parent = child = null;
      continue;
    }
    const p = PARENT_FIELD.exec(line.text);
    const c = p ? null : CHILD_FIELD.exec(line.text);
    const value = (p ?? c)?.[1];
    if (!value) continue;
    const image = imageOf(value.trim().split(/\s+(?=[-/])/)[0].trim());
    if (!image) continue;
    if (p) parent = { name: image.name, start: line.start, line: line.index };
    else child = { name: image.name, start: line.start, line: line.index };
    if (parent && child && Math.abs(parent.line - child.line) <= 12) {
      const start = Math.min(parent.start, child.start);
      const end = doc.lines[Math.max(parent.line, child.line)].end;
      out.push({ parent: parent.name, child: child.name, start, end, confidence: 0.9 });
      parent = child = null;
    }
  }
}

function fromTrees(doc: ArticleDocument, out: Pair[]): void {
  const stack: Array<{ depth: number; name: string; start: number }> = [];
  let treeLines = 0;
  for (const line of doc.lines) {
    const glyph = TREE_GLYPH.exec(line.text);
    const rest = glyph ? line.text.slice(glyph[0].length) : line.text.trimStart();
    const image = imageOf(rest.split(/\s+/)[0] ?? '');
    if (!image || (!glyph && line.text.trim() !== rest.split(/\s+/)[0] && !/^\s*\S+\.exe\b/i.test(line.text))) {
      stack.length = 0;
      treeLines = 0;
      continue;
    }
    const depth = glyph ? glyph[0].length : line.text.length - line.text.trimStart().length;
    while (stack.length && stack[stack.length - 1].depth >= depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && (glyph || treeLines > 0)) {
      out.push({ parent: parent.name, child: image.name, start: parent.start, end: line.end, confidence: 0.85 });
    }
    stack.push({ depth, name: image.name, start: line.start });
    treeLines++;
  }
}

function dedupe(doc: ArticleDocument, pairs: Pair[]): ProcessPairItem[] {
  const seen = new Map<string, ProcessPairItem>();
  for (const p of pairs.sort((a, b) => a.start - b.start)) {
    if (p.parent.toLowerCase() === p.child.toLowerCase()) continue;
    const key = `${p.parent.toLowerCase()}>${p.child.toLowerCase()}`;
    const prev = seen.get(key);
    if (prev) {
      prev.confidence = Math.max(prev.confidence, p.confidence);
      continue;
    }
    seen.set(key, {
      value: `${p.parent} -> ${p.child}`,
      parent: p.parent,
      child: p.child,
      evidence: { start: p.start, end: p.end, text: doc.content.slice(p.start, p.end) },
      confidence: p.confidence,
    });
  }
  return [...seen.values()];
}
