import type { SigmaFieldMap } from '@huntforge/contracts/sigma';
import { recordedPath } from './program-writes';
import { readable } from './prose-facts';
import { rememberingLast } from './remembering-last';
import { isStagedPayload, stagedSelection } from './staged-payloads';
import { citation, type RuleDraft } from './rule-draft';
import { draft } from './builtin-draft';
import { anyOf, selectionValues } from './side-effect-rule';
import { extensionOf, landedPath } from './windows-write-folders';
import { mergedByFolder } from './written-file-selections';
import type { BuiltinSigmaInput } from './builtin-input';

/**
 * Windows files an article's prose says the intruder wrote at a full path (`dropped a beacon at C:\ProgramData\x.dll`,
 * `placed a shortcut in the Startup folder (C:\Users\…\Startup\y.lnk)`): a payload in a user-writable folder, a
 * startup item. Sysmon 11 records each with its path, which a
 * file_event rule keys as SigmaHQ does (the folder, and the name or, where everyday software writes no programs,
 * the kind). A path the article's quoted commands hold is their rules' (staged-payloads.ts, dropped-files.ts).
 * One reading for the rule and its self-test's events (evaluate/prose-written-file-events.ts).
 *
 * Precision first: the path must follow a verb of writing in its own sentence, in a sentence not about detecting it.
 */

// A Windows path with a drive, a folder variable or a remote machine's administrative share, to a file with an extension.
// Blanks only inside the folder names Windows spells with one (`Start Menu`, `Program Files`).
const WINDOWS_FILE =
  /(?<![\w\\%$])(?:[A-Za-z]:\\|%[A-Za-z_]+%\\|\\\\[\w.-]+\\(?:[A-Za-z]\$|ADMIN\$)\\)(?:[^\s"'`<>|*?,;()]| (?=(?:Menu|Files)\\))+\.[A-Za-z0-9]{1,5}\b/g;
// A verb of writing before the path, in prose form (`dropped`, `wrote`): a bare `copy` is a command's word.
const WRITE_VERB =
  /\b(?:drop(?:s|ped)|writ(?:es|ten)|wrote|creat(?:es|ed)|plac(?:es|ed)|sav(?:es|ed)|cop(?:ies|ied)|stag(?:es|ed)|download(?:s|ed)|deposit(?:s|ed)|plant(?:s|ed)|dump(?:s|ed)|stor(?:es|ed)|mov(?:es|ed)|extract(?:s|ed)|unpack(?:s|ed))\b/i;
const PASSIVE_WRITE = new RegExp(`^["')]?,?\\s+(?:(?:is|was|were|had been|has been|then|later|also)\\s+){1,2}${WRITE_VERB.source}`, 'i');
// A sentence about finding the file, not about the intrusion writing it.
const NOT_THE_INTRUSION = /\b(?:detect\w*|hunt\w*|monitor\w*|look(?:ing)? for|search(?:ing)? for|recommend\w*|should|could)\b/i;
const STARTUP = '\\Start Menu\\Programs\\Startup\\';

/** The recorded paths (`C:\ProgramData\x.dll`) of the files the prose says the intruder wrote. */
export const proseWrittenFiles: (content: string | undefined) => readonly string[] = rememberingLast((content: string | undefined) => {
  if (!content) return [];
  const text = readable(content);
  const paths = new Map<string, string>();
  for (const match of text.matchAll(WINDOWS_FILE)) {
    const index = match.index ?? 0;
    const lineStart = text.lastIndexOf('\n', index) + 1;
    const before = text.slice(Math.max(lineStart, index - 160), index);
    // The sentence the path is in: from the last sentence end (a stop, a blank, a capital) before it.
    const ends = [...before.matchAll(/[.!?]\s+(?=["'(]?[A-Z])/g)];
    const sentence = before.slice((ends.at(-1)?.index ?? -1) + 1);
    // `C:\ProgramData\x.dll was dropped`: the verb after the path, in the same sentence.
    const after = text.slice(index + match[0].length, index + match[0].length + 60);
    const written = WRITE_VERB.test(sentence) || PASSIVE_WRITE.test(after);
    if (!written || NOT_THE_INTRUSION.test(sentence)) continue;
    const recorded = recordedPath(match[0].replace(/[.:]+$/, ''), true);
    if (!recorded) continue;
    const path = landedPath(recorded);
    if (keyOf(path)) paths.set(path.toLowerCase(), path);
  }
  return [...paths.values()];
});

/** How a rule keys a written file, or null when it is none of the kinds read here. */
function keyOf(path: string): SigmaFieldMap | null {
  const name = path.slice(path.lastIndexOf('\\') + 1);
  if (path.toLowerCase().includes(STARTUP.toLowerCase())) {
    const extension = extensionOf(name);
    return extension ? { 'TargetFilename|contains': STARTUP, 'TargetFilename|endswith': extension } : null;
  }
  return isStagedPayload(path) ? stagedSelection(path) : null;
}

/** The file_event rules on the files the prose says the intruder wrote, leaving those the quoted commands hold. */
export function proseWrittenFileRules(input: BuiltinSigmaInput): RuleDraft[] {
  if (input.platform === 'linux' || input.platform === 'macos') return [];
  return writtenFileRule(input);
}

/** One rule on the files the prose says the intruder wrote at a full path. */
function writtenFileRule(input: BuiltinSigmaInput): RuleDraft[] {
  const commands = (input.cmdlines ?? []).map((item) => item.value.toLowerCase());
  const name = (path: string) => path.slice(path.lastIndexOf('\\') + 1).toLowerCase();
  const paths = proseWrittenFiles(input.content).filter((path) => !commands.some((line) => line.includes(name(path))));
  const keyed = paths.flatMap((path): SigmaFieldMap[] => {
    const selection = keyOf(path);
    return selection ? [selection] : [];
  });
  if (keyed.length === 0) return [];
  const unique = [...new Map(keyed.map((selection) => [JSON.stringify(selection).toLowerCase(), selection])).values()];
  const list = mergedByFolder(unique);
  const startup = paths.every((path) => path.toLowerCase().includes(STARTUP.toLowerCase()));
  return [
    draft(
      'file_event',
      {
        title: startup ? 'File Written Into A Startup Folder' : 'Files The Intruder Wrote Into Staging Or Startup Folders',
        description: `Detects the files the intruder wrote (${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ' and others' : ''}), as ${citation(input.article)}.`,
        logsource: { category: 'file_event', product: 'windows' },
        detection: anyOf(list),
        tags: startup ? ['attack.persistence', 'attack.t1547.001'] : ['attack.command-and-control', 'attack.t1105'],
        level: 'medium',
        falsepositives: ['Software installing or updating itself into the same folder under the same name'],
      },
      selectionValues(list),
      input,
      0,
    ),
  ];
}
