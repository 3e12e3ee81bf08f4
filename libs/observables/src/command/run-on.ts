import { STOPWORDS } from '../text/english';
import type { Dialect, Word } from './lex';
import {
  AMBIGUOUS_COMMANDS,
  bareName,
  isCmdletName,
  isCommandToken,
  PREFIX_WRAPPERS,
  programName,
  SHELL_NAMES,
  SUBCOMMANDS,
} from './programs';
import { valueSwitches } from './switch-values';

/**
 * Pages often lose the line breaks of a code block ("… /f reg add "HKLM\…" /v … /f sc delete Sense") or
 * set a command inside running text ("… using sc delete SgrmAgent to remove …"). Within the words of one
 * stage these cuts find where the page ran the next command on, and where prose resumes: each returned
 * range of word indexes is one command; words outside every range are prose.
 */
export function runOnCommands(words: readonly Word[], dialect: Dialect): Array<{ from: number; to: number }> {
  const commands: Array<{ from: number; to: number }> = [];
  let from = 0;
  let i = 1;
  while (from < words.length) {
    let end = words.length;
    let next = -1;
    for (i = from + 1; i < words.length; i++) {
      if (
        i - from >= 2 &&
        proseResumes(words, i, takesValue(words, from, i, dialect), ECHOING.has(bareName((words[from] as Word).value)))
      ) {
        end = i;
        next = nextCommand(words, i + 1);
        break;
      }
      // A PowerShell assignment starts a statement of its own ("… -Path x.dll $pass = …"): the command ends there.
      if (i - from >= 2 && dialect === 'powershell' && isAssignment(words, i) && !isSwitchWord(words[i - 1])) {
        end = i;
        next = nextCommand(words, i + 2);
        break;
      }
      // A bare discovery tool is complete on its own: the next command may follow straight away.
      if ((i - from >= 2 || STANDALONE_COMMANDS.has(programName((words[from] as Word).value))) && startsCommand(words, from, i, dialect)) {
        end = i;
        next = i;
        break;
      }
    }
    commands.push({ from, to: end });
    if (next < 0) break;
    from = next;
  }
  return commands;
}

/** Word `i` is a variable and the next word a lone `=`: a PowerShell assignment. */
function isAssignment(words: readonly Word[], i: number): boolean {
  const word = words[i] as Word;
  return word.raw === word.value && /^\$[A-Za-z_][\w:]*$/.test(word.raw) && words[i + 1]?.raw === '=';
}

// Programs whose arguments are text, not commands: a program name among them runs nothing.
const ECHOING = new Set([
  'echo',
  'printf',
  'write-host',
  'write-output',
  'findstr',
  'grep',
  'egrep',
  'where',
  'which',
  'whereis',
  'type',
  'man',
  'help',
  'get-help',
  'get-command',
  'taskkill',
  'pkill',
  'killall',
  'kill',
  'stop-process',
]);
// Programs whose trailing words are a command they run (on another host, as another user, in a console host).
// cmd's `for … do <command>` and `forfiles /c "<command>"` run their body: it stays in their command line.
const COMMAND_RUNNERS = new Set([
  'conhost',
  'psexec',
  'psexec64',
  'paexec',
  'winrs',
  'wmiexec',
  'smbexec',
  'atexec',
  'dcomexec',
  'runas',
  'ssh',
  'nsenter',
  'chroot',
  'su',
  'for',
  'forfiles',
]);
const RUN_SWITCH = /^(?:\/[ck]|-c|-command|-e|-ec|-enc|-encodedcommand|-exec|--exec|-e:)$/i;

function isSwitchWord(word: Word | undefined): boolean {
  return !!word && word.raw === word.value && /^(?:--?[A-Za-z?]|\/[A-Za-z?][\w?]{0,20}(?::\S*)?$)/.test(word.raw);
}

/** True when the command at `from` is complete and word `i` starts another one. */
function startsCommand(words: readonly Word[], from: number, i: number, dialect: Dialect): boolean {
  const word = words[i] as Word;
  if (word.raw !== word.value || !isCommandWord(word, words[i + 1])) return false;
  const program = bareName((words[from] as Word).value);
  const previous = words[i - 1] as Word;
  if (ECHOING.has(program) || COMMAND_RUNNERS.has(program)) return false;
  // `kubectl exec pod -- sh`, `docker run img -- cmd`: what follows `--` is the command the tool runs.
  if (words.slice(from, i).some((w) => w.raw === '--')) return false;
  // `cmd /c X …`, `sudo X`: X is the wrapper's command, unless the wrapper's quoted command already ended.
  const wrapper =
    SHELL_NAMES.has(program) ||
    PREFIX_WRAPPERS.has(program) ||
    program === 'powershell' ||
    program === 'pwsh' ||
    program === 'start' ||
    program === 'call';
  if (wrapper && !(previous.raw !== previous.value && RUN_SWITCH.test(words[i - 2]?.raw ?? ''))) return false;
  if (RUN_SWITCH.test(previous.raw)) return false;
  if (isSwitchWord(previous) && valueSwitches(program, dialect)(dialect === 'posix' ? previous.raw : previous.raw.toLowerCase()))
    return false;
  // Discovery tools that usually run without arguments ("… /domain systeminfo hostname whoami").
  if (STANDALONE_COMMANDS.has(programName(word.value)) && word.value === word.value.toLowerCase()) return true;
  // The program of the current command named again: a list of commands a page ran together
  // ("net localgroup net accounts", "ping -n 1 a ping -n 1 b").
  if (word.value === (words[from] as Word).value && !isSwitchWord(previous)) return true;
  // A program run by its full path after a tool that takes no arguments ("systeminfo C:\…\notepad.exe C:\x.log").
  if (i === from + 1 && STANDALONE_COMMANDS.has(program) && /^[A-Za-z]:\\/.test(word.value)) return true;
  return hasArgumentEvidence(word, words[i + 1]);
}

// Windows discovery tools an operator types bare: a page that ran commands together names them with nothing after.
const STANDALONE_COMMANDS: ReadonlySet<string> = new Set([
  'systeminfo',
  'hostname',
  'whoami',
  'ipconfig',
  'tasklist',
  'quser',
  'qwinsta',
  'klist',
  'getmac',
  'netstat',
]);

// cmd.exe's tools, which batch files and old write-ups often spell in capitals.
export const CAPITALS_TOOLS: ReadonlySet<string> = new Set([
  'reg',
  'net',
  'net1',
  'sc',
  'schtasks',
  'wmic',
  'netsh',
  'vssadmin',
  'wevtutil',
  'bcdedit',
  'bitsadmin',
  'certutil',
  'wbadmin',
]);

/** A program word; cmd's tools also in capitals when their sub-command follows (`REG ADD`, `NET USE`, `SC STOP`). */
function isCommandWord(word: Word, next: Word | undefined): boolean {
  if (isCommandToken(word.value)) return true;
  return (
    /^[A-Z][A-Z0-9]{1,11}(?:\.EXE)?$/.test(word.value) &&
    CAPITALS_TOOLS.has(programName(word.value)) &&
    !!next &&
    (SUBCOMMANDS[programName(word.value)]?.has(next.value.toLowerCase()) ?? false)
  );
}

/** The program at `word` is followed by what only a command has: a sub-command, a switch, a cmdlet's parameter. */
function hasArgumentEvidence(word: Word, next: Word | undefined): boolean {
  if (!next) return false;
  const value = word.value;
  if (isCmdletName(value)) return /^-[A-Za-z]/.test(next.raw);
  const name = programName(value);
  if (SUBCOMMANDS[name]?.has(next.value.toLowerCase())) return true;
  const distinctive = /[\\/]|\.exe$/i.test(value) || !AMBIGUOUS_COMMANDS.has(name);
  // A program run by its full Windows path may take a numeric switch (`C:\…\taskmgr.exe /4`).
  if (/^[A-Za-z]:\\/.test(value) && next.raw === next.value && /^\/\d{1,3}$/.test(next.raw)) return true;
  return distinctive && isSwitchWord(next);
}

const SENTENCE_WORD = /^[A-Z][a-z]{2,}(?:[/'’-][a-z]+)*[,:;.]?$/;
const LOWER_WORD = /^[a-z]+[,;:.]?$/;
/** A lower-case word of running text, hyphenated compounds included ("real-time", "cloud-based"). */
const PLAIN_WORD = /^[a-z]{2,}(?:-[a-z]+)*[,;:.]?$/;

/** True when word `i` is the value of the switch before it (`-NetworkCategory Private`, `/tn Updater`). */
function takesValue(words: readonly Word[], from: number, i: number, dialect: Dialect): boolean {
  const previous = words[i - 1] as Word;
  if (!isSwitchWord(previous)) return false;
  const program = bareName((words[from] as Word).value);
  return valueSwitches(program, dialect)(dialect === 'posix' ? previous.raw : previous.raw.toLowerCase()) || dialect === 'powershell';
}

function isFunctionWord(word: Word | undefined): boolean {
  return !!word && word.raw === word.value && STOPWORDS.has(word.value.replace(/[,;:.]$/, '').toLowerCase());
}

// A verb of a description ("Disables", "Removes", "Tells", "Disabling", "modifies"): a table's purpose
// column or a sentence a page ran on after a command.
const VERB_FORM = /^[A-Za-z][a-z]{2,}(?:es|s|ing|ed)[,:;.]?$/;
// A word of a description: plain, capitalised or an acronym ("UI", "WMI", "Defender's").
const TEXT_WORD = /^(?:[A-Za-z][a-z]+(?:['’-][a-z]+)*|[A-Z]{2,6}(?:'s)?)[,:;.]?$/;
const DETERMINER = /^(?:the|a|an|this|that|these|those|its|their|all|any|every)$/;

/** True when running text starts at word `i`: a capitalised sentence word or function words in a row. */
function proseResumes(words: readonly Word[], i: number, isValue = false, echoing = false): boolean {
  const word = words[i] as Word;
  if (word.raw !== word.value || isCommandToken(word.value) || isCmdletName(word.value)) return false;
  const following = words.slice(i + 1, i + 5);
  const functionWords = following.filter(isFunctionWord).length;
  if (following.slice(0, 2).some(isSwitchWord)) return false;
  if (SENTENCE_WORD.test(word.raw)) {
    // The word after a sub-command is its object (`sc delete Sense to …`), never the start of a sentence.
    const previous = words[i - 1] as Word;
    if (SUBCOMMANDS[programName((words[i - 2] as Word | undefined)?.value ?? '')]?.has(previous.value.toLowerCase())) return false;
    // A table row or list item a page ran on after its command: "… /f Disables the service", "… $true Sets sample submission consent".
    if (!isValue && (isFunctionWord(following[0]) || following.slice(0, 3).filter((w) => PLAIN_WORD.test(w.raw)).length >= 2)) return true;
    // "… /f Disabling UI features Another …", "… Disabled Disables Controlled Folder Access": a capitalised
    // verb and three more words of text, none a switch, path or quoted value.
    if (
      !isValue &&
      VERB_FORM.test(word.raw) &&
      following.length >= 3 &&
      following.slice(0, 3).every((w) => w.raw === w.value && TEXT_WORD.test(w.raw))
    )
      return true;
    return functionWords >= 2 || (/:$/.test(word.raw) && following.length > 0 && following.every((w) => LOWER_WORD.test(w.raw)));
  }
  // "… /f In short, this was …": a capitalised function word opening a sentence of lower-case words.
  if (
    !isValue &&
    /^[A-Z][a-z]{1,4},?$/.test(word.raw) &&
    STOPWORDS.has(word.raw.replace(/,$/, '').toLowerCase()) &&
    following.length >= 2 &&
    following.slice(0, 2).every((w) => PLAIN_WORD.test(w.raw))
  )
    return true;
  // "… disableelamdrivers yes modifies the boot configuration": a verb, a determiner and a word of text.
  if (
    !isValue &&
    !echoing &&
    VERB_FORM.test(word.raw) &&
    LOWER_WORD.test(word.raw) &&
    DETERMINER.test(following[0]?.raw ?? '') &&
    following[1] &&
    following[1].raw === following[1].value &&
    TEXT_WORD.test(following[1].raw)
  )
    return true;
  // "… sc delete Sense to completely disable or remove the core MDE service"
  const four = words.slice(i, i + 4);
  return four.length >= 3 && isFunctionWord(word) && four.every((w) => LOWER_WORD.test(w.raw)) && four.filter(isFunctionWord).length >= 2;
}

/** The next word at or after `from` that starts a command in prose. */
function nextCommand(words: readonly Word[], from: number): number {
  for (let i = from; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.raw === word.value && isCommandWord(word, words[i + 1]) && hasArgumentEvidence(word, words[i + 1])) return i;
  }
  return -1;
}
