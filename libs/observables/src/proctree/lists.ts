import { parseCommandLine } from '../command/parse';
import { KNOWN_COMMANDS, programName } from '../command/programs';
import type { ArticleDocument } from '../text/document';
import { imageOf, type Image } from './images';
import { proseParagraphs, type Pair } from './prose';
import type { Resolver } from './resolve';

// Pairs whose children or parents the article lists rather than names in the sentence: "spawned as child
// processes of X and included whoami, net and nltest", "Y was executed via bash by three processes:" and a
// bullet list, "command execution through the X process ... the following commands:" and a code block.

// "These commands were spawned as child processes of the Betruger ccs.exe process and included whoami for …"
const CHILD_LIST =
  /\bchild\s+process(?:es)?\s+(?:of|under)(?:\s+(?:the|a|an))?(?:\s+[A-Z][\w-]*(?=\s+\S+\s+process))?\s+(\S{1,120}?)(?:\s+process(?:es)?)?(?=[\s,])[^.;:]{0,40}?\b(?:includ(?:ed|ing|es|e)|such\s+as|namely)\s+((?:[^.;]|\.(?=\w)){1,400})/gi;
// "w3wp.exe spawned multiple child processes, including cmd.exe and powershell.exe"
const SPAWNED_CHILD_LIST =
  /(?<!\S)(\S{1,120}?)(?:\s+process)?\s+(?:then\s+|also\s+)?(?:spawn(?:s|ed)|launch(?:es|ed)|start(?:s|ed)|creat(?:es|ed))\s+(?:(?:multiple|several|various|numerous|many|two|three|four|five|\d{1,2}|a\s+number\s+of|a\s+series\s+of)\s+)?child\s+process(?:es)?,?\s+(?:includ(?:ing|ed)|such\s+as|namely)\s+((?:[^.;]|\.(?=\w)){1,400})/gi;
const LIST_SEPARATOR = /\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/;
// Known commands that are also English words: in a list they are more likely the words.
const ENGLISH = new Set(
  `start for set copy move type find open replace expand query control route at batch id file kill history export source security
service installer defaults touch head tail sort cut which more tree time date format print where call exec eval env test read write
make install timeout`.split(/\s+/),
);

/** The image a list item names by its first word ("whoami for identity verification", "net user"). */
function listedChild(item: string, resolve: Resolver, windows: boolean): Image | null {
  const first = item.trim().split(/\s+/)[0] ?? '';
  const hit = resolve(first, first, 0);
  if (hit) return hit;
  const bare = first.replace(/^[("'`*]+|[)"'`*,.;:]+$/g, '');
  if (bare !== bare.toLowerCase() || !KNOWN_COMMANDS.has(bare) || ENGLISH.has(bare)) return null;
  return { name: windows ? `${bare}.exe` : bare };
}

export function fromChildLists(doc: ArticleDocument, resolve: Resolver, out: Pair[]): void {
  const windows = /\b[A-Za-z]:\\|\.exe\b/i.test(doc.content);
  for (const paragraph of proseParagraphs(doc)) {
    for (const m of [...paragraph.text.matchAll(CHILD_LIST), ...paragraph.text.matchAll(SPAWNED_CHILD_LIST)]) {
      const parent = resolve(m[1] as string, paragraph.text, m.index + m[0].indexOf(m[1] as string));
      if (!parent) continue;
      const start = paragraph.start + m.index;
      for (const item of (m[2] as string).split(LIST_SEPARATOR)) {
        const child = listedChild(item, resolve, windows);
        if (child) out.push({ parent: parent.name, child: child.name, start, end: start + m[0].length, confidence: 0.75 });
      }
    }
  }
}

// "The xcc binary was executed via bash by three separate processes" followed by a bullet list of them.
const LISTED_PARENTS =
  /(\S{1,120})(?:\s+(?:process|binary|file|executable|payload))?\s+(?:was|were)(?:\s+\w+ly)?\s+(?:executed|launched|spawned|started|run)(?:\s+(?:via|through|using|with|under)(?:\s+the)?\s+(\S{1,120}?))?\s+by\s+(?:the\s+following|(?:\w+\s+){1,2})(?:parent\s+)?process(?:es)?\s*:?\s*$/i;
const BULLET = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+?)\s*$/;

export function fromListedParents(doc: ArticleDocument, resolve: Resolver, out: Pair[]): void {
  for (const line of doc.lines) {
    // Cheap test first: the statement ends in "process(es):" before the list.
    if (doc.inFence[line.index] || !/process(?:es)?\s*:?\s*$/i.test(line.text)) continue;
    const m = LISTED_PARENTS.exec(line.text);
    if (!m) continue;
    const via = m[2] ? resolve(m[2], line.text, m.index + m[0].indexOf(m[2], (m[1] as string).length)) : null;
    const child = via ?? resolve(m[1] as string, line.text, m.index);
    if (!child) continue;
    for (let i = line.index + 1; i < doc.lines.length && i <= line.index + 12; i++) {
      const next = doc.lines[i];
      if (!next.text.trim()) continue;
      const item = BULLET.exec(next.text);
      if (!item) break;
      const parent = imageOf(item[1] as string);
      if (parent) out.push({ parent: parent.name, child: child.name, start: line.start, end: next.end, confidence: 0.75 });
    }
  }
}

// "… command execution through the `kthreadd` process. … executes the following commands:" and a code block.
const EXECUTED_THROUGH =
  /\b(?:execut(?:ion|es|ed|ing)|spawn(?:s|ed|ing)?|launch(?:es|ed|ing)?|runs?|ran)\s+(?:(?:of\s+)?\w+\s+)?(?:through|via|by|from|under)\s+(?:the\s+)?(\S{1,120}?)\s+process\b/i;

const SHELL_WORDS = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'for',
  'while',
  'until',
  'do',
  'done',
  'case',
  'esac',
  'function',
  'return',
  'local',
  'export',
]);

export function fromCodeChildren(doc: ArticleDocument, resolve: Resolver, out: Pair[]): void {
  for (const paragraph of proseParagraphs(doc)) {
    if (!/:\s*$/.test(paragraph.text)) continue;
    const m = EXECUTED_THROUGH.exec(paragraph.text);
    const parent = m ? resolve(m[1] as string, paragraph.text, m.index + m[0].indexOf(m[1] as string)) : null;
    if (!m || !parent) continue;
    const after = paragraph.start + paragraph.text.length;
    const block = doc.codeBlocks.find(
      (b) =>
        b.start > after &&
        !doc.content
          .slice(after, b.start)
          .replace(/^\s*(?:`{3,}|~{3,})[^\n]*/m, '')
          .trim(),
    );
    if (!block) continue;
    for (const text of block.text.split('\n')) {
      const program = parseCommandLine(text.trim(), { firstStage: true }).invocations[0]?.program?.value ?? '';
      const name = programName(program);
      // Each line of a block the sentence calls commands is one: its program need not be a known one ("truncate").
      if (!program || !(KNOWN_COMMANDS.has(name) || (/^[a-z][a-z0-9_-]{1,30}$/.test(name) && !SHELL_WORDS.has(name)))) continue;
      out.push({
        parent: parent.name,
        child: imageOf(program)?.name ?? name,
        start: paragraph.start + m.index,
        end: block.end,
        confidence: 0.7,
      });
    }
  }
}
