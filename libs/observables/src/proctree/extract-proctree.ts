import type { ProcessPairItem } from '@huntforge/contracts/extraction';
import type { ArticleDocument } from '../text/document';
import { parseCommandLine } from '../command/parse';
import { AMBIGUOUS_COMMANDS, KNOWN_COMMANDS, programName } from '../command/programs';
import { fromArgumentChains, fromPstree } from './chains';
import { imageForPlatform, imageOf, type Image } from './images';
import { fromChildLists, fromCodeChildren, fromListedParents } from './lists';
import { proseParagraphs, type Pair } from './prose';
import { aliasesOf, bareToken, makeResolver, onlyImage, previousSentence, type Resolver } from './resolve';

const IMAGE = String.raw`(?:[A-Za-z]:\\[^\s"'<>|]{0,200}\\|%\w+%\\[^\s"'<>|]{0,200}\\)?[\w.-]{1,64}(?:\.exe)?`;
const ARROW = String.raw`\s*(?:->|-->|—>|=>|→|⇒|⟶|➔|➜|➝|➞|➡|⇨|↦|>)\s*`;
// "explorer.exe (PID 4120)", "cmd.exe [2236]", "winword.exe (parent)": a process id or a role written after a hop.
const HOP_NOTE = String.raw`(?:\s*[(\[](?:PID\s*[:=#]?\s*)?(?:\d{1,7}|parent|child)[)\]])?`;
const HOP = String.raw`(?:\*\*|__)?["'\x60(]?${IMAGE}["'\x60)]?(?:\*\*|__)?${HOP_NOTE}`;
const CHAIN = new RegExp(String.raw`(?<![\w.%:\\-])${HOP}(?:${ARROW}${HOP})+`, 'gi');

const CREATE_VERB = String.raw`(?:spawn(?:s|ed|ing)?|fork(?:s|ed|ing)?|launch(?:es|ed|ing)?|execut(?:e|es|ed|ing)|start(?:s|ed|ing)?|creat(?:e|es|ed|ing)|invok(?:e|es|ed|ing)|run(?:s|ning)?|ran|open(?:s|ed|ing))`;
// "X was observed spawning Y", "X is used to launch Y", "X dropped and executed Y": the verb is X's.
// "causes X to spawn Y", "X will launch Y": the verb is still X's.
const AUXILIARY = String.raw`(?:\s+(?:was|were|is|are|been|being|then|also|to|will|would|can|could|may|might)){0,2}(?:\s+(?:observed|seen|used|leveraged|abused|noted|found|detected)(?:\s+to)?)?(?:\s+(?:went|goes|go)\s+on\s+to|\s+(?:proceeded|proceeds|continued|continues)\s+to)?(?:\s+(?:dropped|downloaded|wrote|unpacked|decoded|extracted|drops|downloads|writes|unpacks|decodes|extracts)\s+and)?`;
// "The ccs.exe binary", "the LB3.exe file": a noun after the image says what it is.
// "The bash shell", "the nginx worker process": a shell or a server's worker is the program's process too.
const NOUN = String.raw`(?:\s+(?:process|binary|file|executable|payload|sample|app|application|daemon|service|shell|worker)(?:\s+process)?)?`;
const FILLER = String.raw`(?:,?\s+(?:then|also|subsequently|in\s+turn|later|finally|immediately),?)?`;
// "... spawned Y and Z", "... spawned Y, Z and W", "... spawned Y and, on elevated shells, Z", "Y and
// then Z": further children of the same parent.
const AND_ALSO =
  /^(?:\s*,\s*(?:(?:and|or)\s+)?|\s*,?\s+(?:and|or)\s*)(?:(?:then|also|later|finally)\s+)?(?:,[^,.;\n]{1,80},\s*)?\s*(\S{1,120})/i;
const VERB_NEXT = new RegExp(String.raw`^,?\s+(?:which\s+|then\s+|in\s+turn\s+)?${CREATE_VERB}\b`, 'i');
const PROCESS_WORDS = String.raw`(?:\s+(?:a|an|the))?(?:\s+(?:new|child|hidden|second|separate|malicious|suspicious))?(?:\s+(?:process(?:es)?|instance|binary|executable|(?:reverse\s+|interactive\s+)?shell|command\s+prompt)(?:\s*[,:])?(?:\s+(?:of|for|called|named))?)?`;
// "X spawned Y", "X, which spawned Y", "X (the launcher inside the DMG) spawned Y", "the X process then started Y"
const ACTIVE = new RegExp(
  String.raw`(?<!\S)(\S{1,120})${NOUN}(?:\s+\([^()\n]{1,80}\))?(?:,?\s+which)?${FILLER}${AUXILIARY}\s+${CREATE_VERB}${PROCESS_WORDS}\s+(\S{1,120})`,
  'gi',
);
// "Y was spawned by X", "Y launched by X", "Y, spawned by X", "Y, was launched from X"
const PASSIVE = new RegExp(
  String.raw`(?<!\S)(\S{1,120})${NOUN}(?:\s+\([^()\n]{1,80}\))?,?(?:\s+which)?(?:\s+(?:was|is|were|being|gets|got|(?:had|has|have)\s+been))?(?:\s+(?:both|all|each|also|then|later|first|again|\w+ly))?\s+${CREATE_VERB}\s+(?:by|from|via|through|under)(?:\s+(?:the|a|an))?(?:\s+(?:parent|legitimate|compromised|malicious|suspicious|fake|trojanized|rogue))?(?:\s+process)?\s+(\S{1,120})`,
  'gi',
);
// "X as a parent process for Y", "X as the parent of Y"
const PARENT_OF = new RegExp(
  String.raw`(?<!\S)(\S{1,120})\s+(?:as|is|was|were|being)\s+(?:a|an|the)\s+parent(?:\s+process)?\s+(?:for|of)\s+(\S{1,120})`,
  'gi',
);
// "Y with parent (process) X", "Y (parent: X)"
const WITH_PARENT = new RegExp(
  String.raw`(?<!\S)(\S{1,120})\s+(?:with|whose)\s+(?:a\s+|the\s+)?parent(?:\s+process)?(?:\s+(?:is|was|being|of))?\s+(\S{1,120})`,
  'gi',
);

// "the parent (process) of Y was X", "Y (parent process: X)", "Y (parent: X)"
const PARENT_OF_IS = new RegExp(
  String.raw`\bparent(?:\s+process)?\s+(?:of|for)(?:\s+(?:the|a|an))?(?:\s+(?:malicious|suspicious|legitimate|renamed|new|rogue))?\s+(\S{1,120})(?:\s+process)?\s+(?:is|was|being|had\s+been)(?:\s+(?:identified|confirmed|observed|determined|found|shown)\s+(?:as|to\s+be))?(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
const PARENT_IN_BRACKETS = new RegExp(
  String.raw`(?<!\S)(\S{1,120})\s+\(\s*parent(?:\s+process)?(?:\s+(?:image|name))?(?:\s*[:=]\s*|\s+)([^()\s]{1,120})\s*\)`,
  'gi',
);
// "Y, a child process of X", "Y, which is the child of X"; "X's child process Y"
// "cmd.exe and powershell.exe were child processes of w3wp.exe", "cmd.exe, child of w3wp.exe"
const CHILD_APPOSITION = new RegExp(
  String.raw`(?<!\S)(\S{1,120}),?\s+(?:(?:which\s+)?(?:is|was|were|are)\s+(?:(?:a|the)\s+)?|(?:a|the)\s+|(?<=,\s+))child(?:\s+process(?:es)?)?\s+of(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
// "the child process cmd.exe of w3wp.exe"
const CHILD_NAMED_OF = new RegExp(
  String.raw`\bchild(?:\s+process)?\s+(\S{1,120}?)(?:\s+process)?\s+(?:of|under)(?:\s+(?:the|a|an))?(?:\s+parent)?(?:\s+process)?\s+(\S{1,120})`,
  'gi',
);
// "Spawned by w3wp.exe, cmd.exe ran whoami", "Under wmiprvse.exe, powershell.exe was executed": the parent set first.
const FRONTED_PARENT = new RegExp(
  String.raw`(?:^|[.!?]\s+)(?:(?:Spawned|Launched|Started|Executed|Created|Run)\s+(?:by|from|via|under)|Under)(?:\s+(?:the|a|an))?\s+(\S{1,120}?)(?:\s+process)?,\s+(?:the\s+|a\s+|an\s+)?(\S{1,120})(?=${NOUN}\s+(?:\w+\s+){0,3}(?:ran|runs|executed|executes|was|were|is|then|spawned|launched|started|created|downloaded|connected|wrote))`,
  'g',
);
// "WINWORD.EXE, the parent process, spawned cmd.exe", "w3wp.exe, PID 4312, spawned cmd.exe": a phrase between subject and verb.
const APPOSITIVE_SUBJECT = new RegExp(
  String.raw`(?:^|[.!?]\s+)(?:The\s+)?(\S{1,120}?)(?:\s+process)?,\s+(?:(?:the|a|an|its)\s+[^,.;()]{1,50}|PID\s*[:#]?\s*\d{1,7}),\s+(?:then\s+|also\s+|later\s+)?${CREATE_VERB}${PROCESS_WORDS}\s+(\S{1,120})`,
  'g',
);
// "Y's parent (process) was X"
const POSSESSIVE_PARENT = new RegExp(
  String.raw`(?<!\S)(\S{1,120}?)['’]s\s+parent(?:\s+process)?(?:\s+(?:image|name))?\s+(?:was|is|had\s+been)(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
const POSSESSIVE_CHILD = new RegExp(String.raw`(?<!\S)(\S{1,120}?)['’]s\s+(?:new\s+)?child(?:\s+process)?,?\s+(\S{1,120})`, 'gi');
// "Y ran as a child (process) of X", "Y (the loader) executed as the child of X", "Y, observed as a child process of X"
const CHILD_OF = new RegExp(
  String.raw`(?<!\S)(\S{1,120})(?:\s+process)?(?:\s+\([^()\n]{1,80}\))?,?(?:\s+(?:was|is|were|then|also|first|appeared|appears|ran|runs|executed|executes|launched|started|spawned|observed|seen|running|executing|being)){0,3}\s+as\s+(?:a|the)\s+child(?:\s+process)?\s+(?:of|under|from)(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
// "Y with X as the parent process", "Y, with X as its parent"
// "Y was (subsequently) executed with X as the parent process"
const AS_PARENT = new RegExp(
  String.raw`(?<!\S)(\S{1,120})${NOUN}(?:,?\s+(?:was|were|is|are)(?:\s+\w+ly)?\s+(?:executed|run|launched|started|spawned|created))?,?\s+with\s+(\S{1,120})\s+as\s+(?:the|its|a)\s+parent\b`,
  'gi',
);
// "the parent-child relationship between X and Y"
const RELATIONSHIP = new RegExp(
  String.raw`\bparent[- ]child\s+relationship\s+(?:between|of)(?:\s+(?:the|a|an))?\s+(\S{1,120})(?:\s+process)?\s+and(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
// "… a child process of X: <command>": the command's program is the child.
const CHILD_OF_COMMAND = new RegExp(String.raw`\bchild(?:\s+process)?\s+of(?:\s+(?:the|a|an))?\s+(\S{1,120}?)\s*:\s+([^\n]{1,300})`, 'gi');
// "Y was executed with a parent process of X", "Y, with the parent process being X"
const WITH_PARENT_LATER = new RegExp(
  String.raw`(?<!\S)(\S{1,120}),?\s+(?:was|is|were)\s+(?:\w+ed|run|spawned|seen)\s+(?:with|from|under)\s+(?:a|the)\s+parent(?:\s+process)?(?:\s+(?:of|being|named|called))?\s+(\S{1,120})`,
  'gi',
);

// "The parent process was X and the child process was Y"
const PARENT_THEN_CHILD = new RegExp(
  String.raw`\bparent(?:\s+process)?(?:\s+(?:image|name))?\s+(?:was|is)(?:\s+(?:the|a|an))?\s+(\S{1,120}?),?\s+(?:and|while|with)\s+(?:the\s+|its\s+)?child(?:\s+process)?(?:\s+(?:image|name))?\s+(?:was|is|being)(?:\s+(?:the|a|an))?\s+(\S{1,120})`,
  'gi',
);
// "Y had a parent process of X", "Y has X as its parent", "Y, having w3wp.exe as the parent process"
const HAS_PARENT = new RegExp(
  String.raw`(?<!\S)(\S{1,120}?)${NOUN},?\s+(?:had|has|having)\s+(?:(?:a|the|its)\s+parent(?:\s+process)?(?:\s+(?:image|name))?(?:\s+(?:of|named|called))?\s+(\S{1,120})|(\S{1,120})\s+as\s+(?:a|the|its)\s+parent\b)`,
  'gi',
);
// "the attacker used rundll32.exe to launch mshta.exe": the tool used is the parent of what it launched.
const USED_TO_LAUNCH = new RegExp(
  String.raw`\b(?:used|uses|using|leveraged|leverages|leveraging|abused|abuses|abusing)\s+(?:the\s+)?(\S{1,120}?)${NOUN}\s+to\s+(?:spawn|launch|execute|start|run|invoke|create)${PROCESS_WORDS}\s+(\S{1,120})`,
  'gi',
);
// "cmd.exe (child of w3wp.exe)", "cmd.exe (spawned by w3wp.exe)", "cmd.exe (a child process of w3wp.exe)"
const CHILD_IN_BRACKETS = new RegExp(
  String.raw`(?<!\S)(\S{1,120})\s+\(\s*(?:(?:a|the)\s+)?(?:child(?:\s+process)?\s+of|(?:spawned|launched|started|created|executed)\s+(?:by|from))(?:\s+(?:the|a|an))?\s+([^()\s]{1,120})\s*\)`,
  'gi',
);

// Sysmon and 4688 names, Defender's, and the ECS / snake_case names of Elastic and Splunk ("process.parent.name", "parent_process_name").
// "the execution of cmd.exe by w3wp.exe", "the launch of rundll32.exe from explorer.exe"
const EXECUTION_OF = new RegExp(
  String.raw`\b(?:execution|launch|launching|spawning|creation|start)\s+of(?:\s+(?:the|a|an))?(?:\s+(?:new|child|malicious|suspicious))?\s+(\S{1,120}?)(?:\s+process)?\s+(?:by|from|under)(?:\s+(?:the|a|an))?(?:\s+(?:parent|legitimate|compromised|malicious|suspicious|fake|trojanized|rogue))?(?:\s+process)?\s+(\S{1,120})`,
  'gi',
);

const PARENT_FIELD =
  /^\s*(?:[-*]\s*)?["']?(?:ParentImage|ParentProcessName|Parent(?:\s*Process)?(?:\s*(?:Name|Image|Path))?|InitiatingProcessFileName|Creator\s+Process\s+Name|ParentCommandLine|process\.parent\.(?:name|executable)|parent_process(?:_name|_path|_image)?|parent_image)["']?\s*(?:\|\s*\w+\s*)?[:=]\s*(.+)$/i;
const CHILD_FIELD =
  /^\s*(?:[-*]\s*)?["']?(?:Image|NewProcessName|New\s+Process\s+Name|Process(?:\s*(?:Name|Image|Path))?|FileName|ProcessFileName|Child(?:\s*Process)?(?:\s*(?:Name|Image|Path))?|process\.(?:name|executable)|process_(?:name|path)|new_process_name)["']?\s*(?:\|\s*\w+\s*)?[:=]\s*(.+)$/i;
// Where a page ran an event's fields into one line ("ParentImage: a.exe Image: C:\\b.exe CommandLine: …"), each field starts here.
const FIELD_START =
  /(?<![Pp]arent\s*|[Pp]arent\s+[Pp]rocess\s*)(?=\b(?:ParentImage|ParentCommandLine|ParentProcessName|ParentProcessId|Image|CommandLine|NewProcessName|ProcessId|CurrentDirectory|IntegrityLevel|Hashes|Child(?:\s+[Pp]rocess)?|[Cc]hild(?:\s+[Pp]rocess)?)\s*:)/;
// An event shown as XML: "<ParentImage>C:\\…</ParentImage>", "<Data Name="Image">C:\\…</Data>".
const XML_FIELD = /<Data\s+Name=["'](\w+)["']\s*>([^<\n]*)<\/Data>|<(\w+)>([^<\n]*)<\/\3>/g;
const TREE_PID = /^(?:\[\s*(?:PID\s*[:=]?\s*)?\d{1,7}\s*\]|\(\s*(?:PID\s*[:=]?\s*)?\d{1,7}\s*\))\s+/i;
const TREE_GLYPH = /^([\s│|]*)(?:[└├┗┣╰+`]\s*[─━-]{1,3}>?|[⮡↳↪⤷╰└]\s*>?|\\_|\|--|\|_{1,2}|-{1,2}>?|\*|\+(?=\s))\s*/;

/**
 * Parent -> child process pairs stated by the article: arrow chains (a.exe -> b.exe -> c.exe),
 * sentences with a creation verb ("X spawned Y", "Y was launched by X", "X as a parent process for
 * Y"), structured telemetry (ParentImage/Image blocks) and tree listings. Pairs are never inferred
 * from a lone command line.
 */
export function extractProcessPairs(doc: ArticleDocument): ProcessPairItem[] {
  const pairs: Pair[] = [];
  const { image, aliases, resolve } = resolvers(doc);
  fromChains(doc, pairs);
  fromArgumentChains(doc, image, pairs);
  fromPstree(doc, image, pairs);
  fromSentences(doc, image, aliases, resolve, pairs);
  fromParentStatements(doc, resolve, pairs);
  fromChildLists(doc, resolve, pairs);
  fromListedParents(doc, resolve, pairs);
  fromCodeChildren(doc, resolve, pairs);
  fromChildOfCommand(doc, pairs);
  fromTelemetry(doc, pairs);
  fromTrees(doc, pairs);
  fromTables(doc, pairs);
  const named = pairs.map((pair) => ({
    ...pair,
    parent: imageForPlatform(pair.parent, doc.content),
    child: imageForPlatform(pair.child, doc.content),
  }));
  return dedupe(doc, named);
}

function fromChains(doc: ArticleDocument, out: Pair[]): void {
  for (const m of doc.content.matchAll(CHAIN)) {
    const names = m[0]
      .split(new RegExp(ARROW))
      .map((hop) => imageOf(hop.replace(new RegExp(`${HOP_NOTE}$`, 'i'), '').replace(/^(?:\*\*|__)|(?:\*\*|__)$/g, '')));
    for (let i = 0; i + 1 < names.length; i++) {
      const parent = names[i];
      const child = names[i + 1];
      if (parent && child)
        out.push({ parent: parent.name, child: child.name, start: m.index, end: m.index + m[0].length, confidence: 0.9 });
    }
  }
}

function fromSentences(
  doc: ArticleDocument,
  image: (token: string) => Image | null,
  aliases: ReadonlyMap<string, string>,
  resolve: Resolver,
  out: Pair[],
): void {
  const patterns: Array<[RegExp, boolean, number]> = [
    [ACTIVE, false, 0.85],
    [PASSIVE, true, 0.85],
    [PARENT_OF, false, 0.85],
    [WITH_PARENT, true, 0.8],
    [CHILD_OF, true, 0.8],
    [WITH_PARENT_LATER, true, 0.8],
    [AS_PARENT, true, 0.8],
    [PARENT_OF_IS, true, 0.8],
    [PARENT_IN_BRACKETS, true, 0.8],
    [CHILD_APPOSITION, true, 0.8],
    [CHILD_NAMED_OF, true, 0.8],
    [FRONTED_PARENT, false, 0.8],
    [APPOSITIVE_SUBJECT, false, 0.8],
    [POSSESSIVE_CHILD, false, 0.8],
    [RELATIONSHIP, false, 0.8],
    [POSSESSIVE_PARENT, true, 0.8],
    [PARENT_THEN_CHILD, false, 0.8],
    [HAS_PARENT, true, 0.8],
    [USED_TO_LAUNCH, false, 0.8],
    [CHILD_IN_BRACKETS, true, 0.8],
    [EXECUTION_OF, true, 0.8],
  ];
  for (const paragraph of proseParagraphs(doc)) {
    // A statement about a pair names two processes (an image, or a word that may stand for one): skip every other paragraph cheaply.
    if (paragraph.text.split(/\s+/).filter((t) => MAY_NAME_PROCESS.test(t) || aliases.has(bareToken(t)) || image(t)).length < 2) continue;
    for (const [re, reversed, confidence] of patterns) {
      re.lastIndex = 0;
      for (let m = re.exec(paragraph.text); m; m = re.exec(paragraph.text)) {
        const second = m[2] ?? m[3];
        if (!second) continue;
        const a = resolve(m[1], paragraph.text, m.index);
        const b = resolve(second, paragraph.text, m.index + m[0].lastIndexOf(second));
        re.lastIndex = m.index + m[1].length; // let "B" start the next statement ("A spawned B, which launched C")
        if (!a || !b) continue;
        // "explorer.exe created C:\Users\Public\x.exe": a file written, not a process started.
        if (re === ACTIVE && /\bcreat\w*\s+["'`]?(?:[A-Za-z]:)?[\\/]?\S*[\\/]/i.test(m[0])) continue;
        // "a launch of X starts Y instead" (an IFEO debugger): Y replaces X, X never runs.
        if (re === ACTIVE && /^,?\s+instead\b/i.test(paragraph.text.slice(m.index + m[0].length))) continue;
        if (re === ACTIVE && !subjectOfVerb(paragraph.text, m, resolve)) continue;
        // "cmd.exe, the parent process of whoami.exe, was started by w3wp.exe": whoami.exe is not what was started.
        if (re === PASSIVE && OBJECT_OF_BEFORE.test(paragraph.text.slice(Math.max(0, m.index - 20), m.index))) continue;
        const [parent, child] = reversed ? [b, a] : [a, b];
        const start = paragraph.start + m.index;
        out.push({ parent: parent.name, child: child.name, start, end: start + m[0].length, confidence });
        // "whoami.exe, net.exe and nltest.exe were spawned by cmd.exe": the images listed before the last are children too.
        if (re === PASSIVE || re === CHILD_APPOSITION)
          for (const earlier of listedBefore(paragraph.text, m.index, image))
            out.push({ parent: parent.name, child: earlier.name, start, end: start + m[0].length, confidence: confidence - 0.05 });
        if (reversed || re !== ACTIVE) continue;
        // A child written "curl," leaves its comma to the list that follows ("curl, dscl and ditto").
        const backOff = (token: string) => (token.endsWith(',') ? 1 : 0);
        let offset = m.index + m[0].length - backOff(m[2]);
        for (let also = AND_ALSO.exec(paragraph.text.slice(offset)); also; also = AND_ALSO.exec(paragraph.text.slice(offset))) {
          // Once the sentence has set up a parent, a further child may be any unambiguous program ("dscl").
          const next = image(also[1]) ?? listedProgram(also[1]);
          // "..., svchost.exe launched X": a new statement, not one more child.
          if (!next || VERB_NEXT.test(paragraph.text.slice(offset + also[0].length))) break;
          offset += also[0].length - backOff(also[1]);
          out.push({ parent: parent.name, child: next.name, start, end: paragraph.start + offset, confidence: confidence - 0.05 });
          if (/[.;:!?]$/.test(also[1])) break;
        }
      }
    }
  }
}

const OBJECT_OF_BEFORE = /\b(?:of|to)(?:\s+(?:the|a|an))?\s+$/i;
// "whoami.exe, net.exe and " / "Both whoami.exe and " before the last item of a list.
const LIST_BEFORE = /(?:^|[\s(])((?:both\s+)?(?:[^\s,]{1,120},\s+){0,8}[^\s,]{1,120},?\s+(?:and|&)\s+)$/i;

/** The images a list names before its last item at `index`: all of them, or none when one is not an image. */
function listedBefore(text: string, index: number, image: (token: string) => Image | null): Image[] {
  const m = LIST_BEFORE.exec(text.slice(Math.max(0, index - 600), index));
  if (!m) return [];
  const items = (m[1] as string)
    .replace(/^both\s+/i, '')
    .split(/,\s*|\s+(?:and|&)\s+/i)
    .map((item) => item.trim())
    .filter(Boolean);
  const images = items.map((item) => image(item));
  return images.every((i) => i) ? (images as Image[]) : [];
}

/**
 * The first word of an ACTIVE match is the verb's subject: not "the child of w3wp.exe executed whoami" (the
 * subject is the child) nor "Java (java.exe) spawned cmd.exe" read from "Java" (the image in brackets names it,
 * and is read on its own).
 */
function subjectOfVerb(text: string, m: RegExpExecArray, resolve: Resolver): boolean {
  if (OBJECT_OF_BEFORE.test(text.slice(Math.max(0, m.index - 20), m.index))) return false;
  const after = text.slice(m.index + (m[1] as string).length);
  const bracket = new RegExp(String.raw`^${NOUN}\s+\(\s*([^()\s]{1,120})\s*\)`, 'i').exec(after);
  return !(bracket && resolve(bracket[1] as string, after, bracket[0].indexOf(bracket[1] as string)));
}

// "X was executed from the Downloads folder. The parent process was explorer.exe": the parent of the
// one image the previous sentence named. "Telemetry confirmed explorer.exe as the parent process" too.
const PARENT_WAS = /(?:^|[.!?]\s+)(?:The|Its|Their)\s+parent(?:\s+process)?\s+(?:was|is|had\s+been)(?:\s+(?:the|a|an))?\s+(\S{1,120})/g;
const CONFIRMED_AS_PARENT =
  /\b(?:confirmed|showed|shows|identified|listed|revealed|recorded)\s+(\S{1,120})\s+as\s+(?:the|its)\s+parent(?:\s+process)?\b/g;
// Words that may stand for a process the resolver can name: "the xcc binary", "the malware".
const MAY_NAME_PROCESS = /^(?:binary|executable|malware|payload|sample|file|tool|backdoor|loader|implant)[,.;:]?$/;

function fromParentStatements(doc: ArticleDocument, resolve: Resolver, out: Pair[]): void {
  for (const paragraph of proseParagraphs(doc)) {
    for (const re of [PARENT_WAS, CONFIRMED_AS_PARENT]) {
      for (const m of paragraph.text.matchAll(re)) {
        const sentenceStart =
          re === PARENT_WAS ? m.index + (/^[.!?]\s+/.exec(m[0])?.[0].length ?? 0) : sentenceStartBefore(paragraph.text, m.index);
        const parent = resolve(m[1] as string, paragraph.text, m.index + m[0].lastIndexOf(m[1] as string));
        const child = onlyImage(previousSentence(paragraph.text, sentenceStart), (t) => resolve(t, t, 0));
        if (!parent || !child) continue;
        const start = paragraph.start + sentenceStart;
        out.push({ parent: parent.name, child: child.name, start, end: paragraph.start + m.index + m[0].length, confidence: 0.75 });
      }
    }
  }
}

function sentenceStartBefore(text: string, index: number): number {
  const before = text.slice(Math.max(0, index - 300), index);
  const ends = [...before.matchAll(/[.!?]\s+(?=\S)/g)];
  const last = ends[ends.length - 1];
  return last ? index - before.length + last.index + last[0].length : Math.max(0, index - 300);
}

/** The image words of the article and the resolver that also reads aliases, "the X binary" and "the malware". */
function resolvers(doc: ArticleDocument): { image: (token: string) => Image | null; aliases: Map<string, string>; resolve: Resolver } {
  const shown = programsShownByPath(doc.content);
  const image = (token: string) => imageOf(token) ?? codeImage(token) ?? shownImage(token, shown);
  const aliases = aliasesOf(doc.content);
  return { image, aliases, resolve: makeResolver(image, aliases) };
}

/** "… appeared as a child process of X: vssadmin delete shadows /all": the quoted command's program is the child. */
function fromChildOfCommand(doc: ArticleDocument, out: Pair[]): void {
  const windows = /\b[A-Za-z]:\\|\.exe\b/i.test(doc.content);
  for (const paragraph of proseParagraphs(doc)) {
    CHILD_OF_COMMAND.lastIndex = 0;
    for (const m of paragraph.text.matchAll(CHILD_OF_COMMAND)) {
      const parent = imageOf(m[1] as string);
      const program = parseCommandLine(m[2] as string, { firstStage: true }).invocations[0]?.program?.value ?? '';
      const name = programName(program);
      const child =
        imageOf(program) ?? (KNOWN_COMMANDS.has(name) && !AMBIGUOUS_COMMANDS.has(name) ? { name: windows ? `${name}.exe` : name } : null);
      if (!parent || !child) continue;
      const start = paragraph.start + m.index;
      out.push({ parent: parent.name, child: child.name, start, end: start + m[0].length, confidence: 0.75 });
    }
  }
}

function listedProgram(token: string): Image | null {
  const bare = token.replace(/[,.;:!?)]+$/, '');
  return bare === bare.toLowerCase() && KNOWN_COMMANDS.has(bare) && !AMBIGUOUS_COMMANDS.has(bare) ? { name: bare } : null;
}

/** A program name the author set as code in the sentence: "(`web`) spawned sh", "`Installer` spawned". */
function codeImage(token: string): Image | null {
  const m = /^\(?`([A-Za-z][\w.-]{0,63})`\)?[,.;:]?$/.exec(token);
  return m && !/\.(?:js|vbs|hta|ps1|bat|cmd|dll|zip|iso|lnk|msi|dmg|pkg|plist|txt|log|xml|json|ya?ml|ini|conf)$/i.test(m[1])
    ? { name: m[1] }
    : null;
}

/** Extension-less programs the article shows by an absolute Unix path (/dev/shm/.x/dbus-daemon-helper). */
function programsShownByPath(content: string): Set<string> {
  const names = new Set<string>();
  for (const m of content.matchAll(
    /(?<![\w.:/-])\/(?:tmp|var\/tmp|dev\/shm|usr\/(?:local\/)?s?bin|s?bin|opt|root|home|Library|Users|private\/tmp)(?:\/[\w.-]+)*\/([a-z_][\w-]{1,63})(?![\w/-]|\.\w)/g,
  )) {
    names.add(m[1]);
  }
  return names;
}

function shownImage(token: string, shown: ReadonlySet<string>): Image | null {
  const bare = token.replace(/^[("'`“‘[]+|[)"'`”’\],.;:!?]+$/g, '');
  // "/tmp/.x/kdevtmpfsi" written again in the sentence names the program shown by that path.
  const file = bare.startsWith('/') ? (bare.split('/').pop() ?? '') : bare;
  return shown.has(file) ? { name: file } : null;
}

// An absolute Unix path in an image field is the process's image whatever its name ("Process: /tmp/.cache/kworker").
const UNIX_PATH_VALUE = /^["']?(\/(?:[\w.+-]+\/)*([\w.+-]{1,64}))["']?,?$/;

function fieldImage(value: string): Image | null {
  const path = UNIX_PATH_VALUE.exec(value);
  return imageOf(value) ?? (path && !/\.(?:so|sh|py|pl|rb|js|conf|log|txt)$/.test(path[2] as string) ? { name: path[2] as string } : null);
}

function fromTelemetry(doc: ArticleDocument, out: Pair[]): void {
  let parent: { name: string; start: number; line: number } | null = null;
  let child: { name: string; start: number; line: number } | null = null;
  for (const line of doc.lines) {
    if (!line.text.trim()) {
      parent = child = null;
      continue;
    }
    // "ParentCommandLine|contains: 'node'" matches a fragment of a command line, not an image.
    if (/CommandLine["']?\s*\|\s*contains/i.test(line.text)) continue;
    const text = line.text.replace(XML_FIELD, (_m, dataName, dataValue, tag, tagValue) => `${dataName ?? tag}: ${dataValue ?? tagValue}`);
    for (const field of text.split(FIELD_START)) {
      const p = PARENT_FIELD.exec(field);
      const c = p ? null : CHILD_FIELD.exec(field);
      const value = (p ?? c)?.[1];
      if (!value) continue;
      const image = fieldImage(
        value
          .trim()
          .split(/\s+(?=[-/])/)[0]
          .trim()
          .replace(/\s+[|;,]$/, ''), // "Parent: C:\\…\\cmd.exe | Child: …"
      );
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
}

function fromTrees(doc: ArticleDocument, out: Pair[]): void {
  const stack: Array<{ depth: number; name: string; start: number }> = [];
  let treeLines = 0;
  for (const line of doc.lines) {
    const glyph = TREE_GLYPH.exec(line.text);
    const shown = glyph ? line.text.slice(glyph[0].length) : line.text.trimStart();
    // "[4120] cmd.exe /c …", "(PID 4120) cmd.exe": a process id before the image.
    // In a code block a listing may write the bare id ("2345 cmd.exe").
    const pid = TREE_PID.exec(shown) ?? (doc.inFence[line.index] ? /^\d{2,7}\s+/.exec(shown) : null);
    const rest = shown.slice(pid?.[0].length ?? 0);
    const first = leadingImageToken(rest);
    const image = imageOf(first);
    if (!image || (!glyph && rest.trim() !== first && !/^["']?(?:[A-Za-z]:\\[^"'\n]*?)?\S+\.exe\b/i.test(rest))) {
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
      // "PowerShell" named in prose became "PowerShell.exe": a later statement that writes the file name gives its spelling.
      const written = (name: string) => doc.content.includes(name);
      if (!written(prev.parent) && written(p.parent)) prev.parent = p.parent;
      if (!written(prev.child) && written(p.child)) prev.child = p.child;
      prev.value = `${prev.parent} -> ${prev.child}`;
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

/** The first image a line names: a quoted or drive path may hold spaces ("C:\Program Files\x\y.exe" -k). */
function leadingImageToken(text: string): string {
  const path = /^["']?([A-Za-z]:\\[^"'\n]*?\.exe)\b/i.exec(text);
  return path ? path[1] : (text.split(/\s+/)[0] ?? '');
}

const PARENT_COLUMN =
  /^(?:parent(?:\s*process)?(?:\s*(?:image|name|path|file\s*name|executable))?|initiating\s*process(?:\s*(?:file\s*name|name|image|path))?|parentimage|parentprocessname|process\.parent\.(?:name|executable)|parent_process(?:_name|_path)?)$/i;
const CHILD_COLUMN =
  /^(?:child(?:\s*process)?(?:\s*(?:image|name|path|executable))?|(?:new|spawned|created)?\s*process(?:\s*(?:image|name|path|file\s*name|executable))?|image|file\s*name|executable|process\.(?:name|executable)|process_(?:name|path))$/i;
// A table the page kept without its bars: cells set apart by tabs or runs of spaces.
const SPACED_CELLS = /\t+\s*| {2,}/;

/** Tables with a parent column and a child (process, image) column: one pair a row. */
function fromTables(doc: ArticleDocument, out: Pair[]): void {
  const cells = (text: string) =>
    text
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((c) =>
        c
          .trim()
          .replace(/^[*_`]+|[*_`]+$/g, '')
          .trim(),
      );
  let columns: { parent: number; child: number; spaced: boolean; width: number } | null = null;
  for (const line of doc.lines) {
    const barred = /^\s*\|.*\|\s*$/.test(line.text);
    const spaced = !barred && SPACED_CELLS.test(line.text.trim());
    if (!barred && !(spaced && (columns?.spaced ?? true))) {
      columns = null;
      continue;
    }
    if (/^\s*\|[\s|:-]+\|\s*$/.test(line.text)) continue; // the separator row
    const row = barred ? cells(line.text) : line.text.trim().split(SPACED_CELLS);
    const parent = row.findIndex((c) => PARENT_COLUMN.test(c));
    const child = row.findIndex((c, i) => i !== parent && CHILD_COLUMN.test(c));
    if (parent >= 0 && child >= 0) {
      columns = { parent, child, spaced, width: row.length };
      continue;
    }
    // Without bars, only a row of as many cells as the header is one of its rows.
    if (!columns || (columns.spaced && row.length !== columns.width)) continue;
    const a = imageOf(leadingImageToken(row[columns.parent] ?? ''));
    const b = imageOf(leadingImageToken(row[columns.child] ?? ''));
    if (a && b) out.push({ parent: a.name, child: b.name, start: line.start, end: line.end, confidence: 0.85 });
  }
}
