import type { SigmaDetection, SigmaFieldMap } from '@huntforge/contracts/sigma';
import { readable } from './prose-facts';
import { shownAlternatives, techniqueDetection } from './technique-match';
import { TECHNIQUES, type Technique } from './techniques';
import { rememberingLast } from './remembering-last';
import { UNIX_PROSE_TECHNIQUES } from './unix-prose-techniques';

/**
 * Well-known techniques an article SHOWS in its prose without quoting the command: "runs osascript to display a fake
 * password dialog", "validates the password with dscl . -authonly", "loads a kernel module with insmod". A sentence
 * shows a technique when it names one of the technique's programs and one of its behaviour cues below (or the
 * technique's own pattern, `find-generic-password`). The rule is the technique's, as for a quoted command line
 * (technique-match.ts), and the self-test's synthetic process event (evaluate/prose-events.ts) is read from here too.
 *
 * Precision first: a cue is the behaviour in the words any report uses for it (general tradecraft, never one
 * article's), a program that is also an English word (`security`, `defaults`, `mount`) is only taken with the
 * technique's own switch, and a sentence about detecting, hunting or defending names the tool, not the intrusion.
 */

/** Behaviour cues per technique id: the words a sentence naming the program uses for that behaviour. */
const PROSE_CUES: Readonly<Record<string, RegExp>> = {
  // macOS.
  'osascript-dialog': /\bdialog|\bprompt|hidden[- ]answer/i,
  'osascript-admin-shell': /administrator privileges|\bas root\b|\belevat/i,
  'osascript-login-item': /\blogin items?\b/i,
  'dscl-authonly': /-authonly|\b(?:validat|verif)\w*\b|\bcheck\w*\s+(?:the\s+)?(?:\w+\s+)?password/i,
  'dscl-admin-add': /\badmin(?:istrators?)?\s+group\b|\/Groups\/admin\b/i,
  'security-keychain': /\b(?:find-generic-password|find-internet-password|dump-keychain|unlock-keychain)\b/i,
  'xattr-quarantine': /\bquarantine\b|\bgatekeeper\b/i,
  'hdiutil-hidden-mount':
    /^(?=[\s\S]*\b(?:mount|attach))(?=[\s\S]*(?:-nobrowse|\binvisibl|\bhidden\b|\bsilently\b|\/tmp\/|temporary (?:folder|directory)))/i,
  'launchctl-agent-load': /\blaunch\s?agents?\b|\blaunchctl\s+(?:load|bootstrap)\b/i,
  'macos-login-hook': /\b(?:LoginHook|LogoutHook)\b/,
  'screencapture-silent': /\s-x\b|\bsilent(?:ly)?\b|without (?:the )?(?:shutter )?sound/i,
  'spctl-disable': /--(?:master|global)-disable|\bdisabl\w*\s+(?:\w+\s+)?gatekeeper\b|\bgatekeeper\b[\s\S]*\bdisabl/i,
  'system-profiler': /\bSP(?:Software|Hardware|Displays|USB)DataType\b/i,
  'terminal-killed': /\bTerminal\b/,
  // Linux.
  'kernel-module-load': /\bkernel modules?\b|\bLKM\b|\.ko\b|\brootkit/i,
  'chattr-immutable': /\bimmutable\b|\bappend-only\b|\s\+[ia]\b/i,
  'setuid-bit-set': /\bset-?uid\b|\bSUID\b|\bu\+s\b/i,
  'auditd-disabled': /\bdisabl\w*\s+(?:\w+\s+)?(?:audit|auditing)\b|\bdelet\w*\s+(?:all\s+)?(?:audit\s+)?rules\b|\s-D\b|\s-e\s*0\b/i,
  'uid0-account': /\bUID\s*(?:of\s*)?0\b|\buid=0\b/i,
  'crontab-replaced': /\bcrontab -r\b|\b(?:remov|delet|wip|replac|overwrit)\w*\s+(?:\w+\s+){0,3}(?:crontabs?|cron jobs?)\b/i,
  // Whole lines and any program's (PROSE_NAMES says what names them).
  'fetched-script-piped-to-shell':
    /\bpip(?:e|es|ed|ing)\b[\s\S]*\b(?:ba|z|da)?sh\b|\b(?:ba|z|da)?sh\b[\s\S]*\bpip(?:e|es|ed|ing)\b|\|\s*(?:ba|z|da)?sh\b/i,
  'decode-pipe-shell': /\bpip(?:e|es|ed|ing)\b[\s\S]*\b(?:ba|z|da)?sh\b|\b(?:ba|z|da)?sh\b[\s\S]*\bpip(?:e|es|ed|ing)\b/i,
  'crypto-miner': /\b(?:min(?:er|ers|ing|es|ed)|deploy\w*|runs?|ran|execut\w*|launch\w*|download\w*|install\w*|drop\w*)\b/i,
  'public-ip-lookup': /\bIP\b|\baddress\b/i,
  'tcc-database-access': /\b(?:read|quer|access|modif|writ|insert|grant|check|pars)\w*/i,
  'ld-preload-write': /\b(?:writ|add|append|modif|insert|register|plac|inject|edit)\w*/i,
  'ssh-authorized-key-added': /\b(?:add|append|writ|insert|plant|inject|install)\w*/i,
};

// A sentence about finding or stopping the behaviour, not about the intrusion doing it; a negation says it did not.
export const DEFENDER_VOICE =
  /\b(?:detect\w*|hunt\w*|monitor\w*|alert\w*|quer(?:y|ies)|sigma|yara|look(?:ing)? for|search(?:ing)? for|you (?:can|could|should|may|might)|defenders?|security teams?|recommend\w*|mitigat\w*|prevent\w*|block\w*|harden\w*|not|never|no longer|legitimate\w*|benign)\b|n't\b/i;

export interface ProseTechnique {
  technique: Technique;
  /** The sentences that show it: the rule keeps the alternatives they name (`attach` and `-nobrowse`). */
  sentences: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The program named as a word, or at the end of a path (`/usr/bin/osascript`). */
const names = (program: string) => new RegExp(`(?<![\\w.-])${escape(program)}(?![\\w-]|\\.\\w)`, 'i');

/** The article's prose sentences: fenced code (what the extraction reads as command lines) left out. */
export function proseSentences(content: string): string[] {
  // Inline code stays marked as a quote: what it holds is the command's own words (prose-technique detections).
  const prose = readable(content.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '\n').replace(/`([^`\n]+)`/g, "'$1'"));
  return prose
    .split('\n')
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["'(]?[A-Z])/))
    .map((sentence) => sentence.replace(/^\s*(?:[-*+•>]+|\d+\.)\s*/, '').trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * What names a technique no one program carries (a whole line: a shell's redirect, a builtin), as a sentence names
 * it: the file it writes. Its cues still say the behaviour. (Not "clears the shell history": prose rarely says how,
 * and the table's ways would all be guesses.)
 */
const PROSE_NAMES: Readonly<Record<string, RegExp>> = {
  'ld-preload-write': /\/etc\/ld\.so\.preload\b/,
  'ssh-authorized-key-added': /\bauthorized_keys\b/,
  // A whole line named by its downloader; a Base64 decode between them is decode-pipe-shell's.
  'fetched-script-piped-to-shell': /\b(?:curl|wget)\b(?![\s\S]*\bbase64\b)/i,
  'decode-pipe-shell': /\bbase64\b/i,
  'crypto-miner': /\bXMRig\b/i,
  'tcc-database-access': /\bTCC\.db\b/,
  'public-ip-lookup': /\b(?:ipify|icanhazip|ifconfig\.me|ipinfo\.io|ip-api\.com|checkip\.amazonaws\.com|wtfismyip|ipecho\.net)\b/i,
};

/**
 * What names a technique whose program the sentence leaves implied, and the cue that says the behaviour with it:
 * "prompts for the password via a fake dialog" is osascript's display dialog on a Mac, "loads a kernel module" insmod
 * or modprobe, "kills Terminal" killall. A macOS technique only in an article about macOS.
 */
const PROSE_ALIASES: Readonly<Record<string, { names: RegExp; cue: RegExp }>> = {
  'kernel-module-load': {
    names: /\b(?:loadable\s+)?kernel\s+modules?\b|\bLKMs?\b/i,
    cue: /\b(?:load(?:s|ed|ing)?|insert(?:s|ed|ing)?|install(?:s|ed|ing)?)\b/i,
  },
  'launchctl-agent-load': {
    names: /\bLaunch\s?Agents?\b/i,
    cue: /\b(?:load(?:s|ed|ing)?|bootstrap\w*|install(?:s|ed|ing)?|establish\w*|persist\w*|register\w*)\b/i,
  },
  'osascript-dialog': {
    names:
      /\bdisplay dialog\b|\bAppleScript\b[^.]*\b(?:dialog|prompt)|\b(?:dialog|prompt)\w*\b[^.]*\bAppleScript\b|\b(?:fake|bogus|spoofed|phony|fraudulent)\s+(?:\w+\s+){0,2}(?:dialog|prompt)s?\b|\bprompt(?:s|ed|ing)?\s+(?:the\s+(?:user|victim)\s+)?for\s+(?:(?:the|their|its|a|macOS|system|login|user(?:'s)?|admin(?:istrator)?)\s+){0,3}password\b/i,
    cue: /\bpassword\b|\bdialog\b|\bprompt/i,
  },
  'security-keychain': {
    names: /\bSafe\s+Storage\b|\b(?:from|in)\s+(?:the\s+)?(?:login\s+)?Keychain\b/,
    cue: /\bpassword\b|\bSafe\s+Storage\b|\b(?:read|dump|extract|steal|stole|decrypt)\w*/i,
  },
  'terminal-killed': { names: /\b(?:kill|clos|quit|terminat)\w*\s+(?:the\s+)?Terminal\b/, cue: /\bTerminal\b/ },
  'keyboard-layout-check': {
    names: /\bkeyboard\s+(?:layouts?|input\s+sources?|languages?)\b/i,
    cue: /\b(?:check\w*|read\w*|quer\w*|collect\w*|geo-?fenc\w*|Russian|CIS)\b/i,
  },
};

const MACOS_ARTICLE = /\bmacOS\b|\bOS\s?X\b|\bMac(?:Book)?s?\b/;

const CANDIDATES = [...TECHNIQUES, ...UNIX_PROSE_TECHNIQUES].filter(
  (technique) =>
    PROSE_ALIASES[technique.id] !== undefined ||
    (PROSE_CUES[technique.id] !== undefined && (technique.programs.length > 0 || PROSE_NAMES[technique.id] !== undefined)),
);

/** Whether a sentence names the technique: one of its programs, or for a whole-line technique what it acts on. */
const namesTechnique = (technique: Technique, sentence: string) =>
  technique.programs.length > 0
    ? technique.programs.some((program) => names(program).test(sentence))
    : (PROSE_NAMES[technique.id] as RegExp).test(sentence);

/** The program whose process event shows a technique: its own, or the shell that runs a whole line. */
export function showingPrograms(technique: Technique): string[] {
  return technique.programs.length > 0 ? technique.programs : ['bash'];
}

/** The techniques the article's prose shows (read once per text: the rules and their self-test read the same). */
export function proseTechniques(content: string | undefined): ProseTechnique[] {
  if (!content) return [];
  return proseTechniquesOf(content);
}

const proseTechniquesOf = rememberingLast((content: string): ProseTechnique[] => {
  const sentences = proseSentences(content).filter((sentence) => !DEFENDER_VOICE.test(sentence));
  const macos = MACOS_ARTICLE.test(content);
  const shown: ProseTechnique[] = [];
  for (const technique of CANDIDATES) {
    const cues = PROSE_CUES[technique.id];
    const alias = technique.product === 'macos' && !macos ? undefined : PROSE_ALIASES[technique.id];
    const showing = sentences.filter(
      (sentence) =>
        (cues !== undefined && namesTechnique(technique, sentence) && (cues.test(sentence) || technique.when.test(sentence))) ||
        (alias !== undefined && alias.names.test(sentence) && alias.cue.test(sentence)),
    );
    if (showing.length > 0) shown.push({ technique, sentences: showing });
  }
  return shown;
});

/** The Unix product a prose technique's rule reads: its own, or the article's for a technique of any platform. */
export function proseTechniqueProduct(technique: Technique, articleProduct: string): 'linux' | 'macos' | null {
  if (technique.product === 'linux' || technique.product === 'macos') return technique.product;
  if (technique.product === 'any' && (articleProduct === 'linux' || articleProduct === 'macos')) return articleProduct;
  return null;
}

// What a sentence quotes of the command (`'hdiutil attach'`, "display dialog") and the switches it names (`-nobrowse`).
const QUOTED = /'([^'\n]{2,80})'|"([^"\n]{2,80})"/g;
const SWITCH = /(?<![\w-])--?[A-Za-z][\w-]*/g;

function commandWordsOf(sentences: readonly string[]): string[] {
  return sentences.flatMap((sentence) => [
    ...[...sentence.matchAll(QUOTED)].map((match) => (match[1] ?? match[2]) as string),
    ...[...sentence.matchAll(SWITCH)].map((match) => ` ${match[0]} `),
  ]);
}

/**
 * The table's host names a sentence names by their own label, without the domain ("via ipify, icanhazip"): prose names
 * a service the way people say it, the rule keys the host as a command line spells it.
 */
function hostsNamedBare(table: SigmaFieldMap, sentences: readonly string[]): string[] {
  const text = sentences.join(' ');
  return Object.values(table)
    .flatMap((value) => (Array.isArray(value) ? value : [value]))
    .filter((value): value is string => typeof value === 'string' && /^[\w-]+(?:\.[\w-]+)+$/.test(value))
    .filter((host) => {
      const label = host.split('.').slice(-2)[0] as string;
      return label.length >= 5 && new RegExp(`(?<![\\w.-])${escape(label)}(?![\\w-]|\\.\\w)`, 'i').test(text);
    });
}

/**
 * A prose technique's detection: the table's, each list of alternatives cut to those the sentences quote or name as a
 * switch (`'hdiutil attach'`, `-nobrowse`), else to those their words name. A sentence's English verb ("to mount the
 * disk image") is no reason for the tool's verb of the same spelling when the sentence quotes the one it ran.
 */
export function proseTechniqueDetection(shown: ProseTechnique, product: string): SigmaDetection {
  const { technique, sentences } = shown;
  const code = commandWordsOf(sentences);
  const detection = techniqueDetection(technique, product);
  return Object.fromEntries(
    Object.entries(detection).map(([name, block]) => {
      if (name === 'condition') return [name, block];
      const table = block as SigmaFieldMap;
      const quoted = shownAlternatives(table, code, technique.keep);
      const worded = [...sentences, ...hostsNamedBare(table, sentences)];
      return [name, JSON.stringify(quoted) !== JSON.stringify(table) ? quoted : shownAlternatives(table, worded, technique.keep)];
    }),
  ) as SigmaDetection;
}

/**
 * A process event's command line the detection describes: the program and, from each selection, its values (all of
 * a `|all` list, the first of a list of alternatives). The self-test's event for a technique shown in prose.
 */
export function describedCommandLine(program: string, detection: SigmaDetection): string {
  const values = Object.entries(detection)
    .filter(([name]) => name !== 'condition')
    .flatMap(([, block]) =>
      Object.entries(block as SigmaFieldMap).flatMap(([key, raw]) => {
        if (!key.startsWith('CommandLine|')) return [];
        const list = (Array.isArray(raw) ? raw : [raw]).map(String);
        return key.split('|').includes('all') ? list : list.slice(0, 1);
      }),
    );
  // Values keep their blanks (` -c`, `+s `): the switch as a command line spells it.
  return [program, ...values].join(' ');
}
