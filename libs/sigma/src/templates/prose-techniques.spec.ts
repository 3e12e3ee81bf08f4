import { selfTestGenerated } from '../generation/self-test-generated';
import { proseEvents } from '../evaluate/prose-events';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { techniqueFiresOn } from './technique-match';
import { describedCommandLine, proseSentences, proseTechniqueDetection, proseTechniques } from './prose-techniques';

// A macOS stealer write-up we wrote: behaviours described in prose, none quoted as a full command line.
const MACOS = [
  '# Stealer analysis',
  '',
  'The payload runs `osascript` to show a fake system dialog asking for the password.',
  'It then validates the captured password with dscl . -authonly before going on.',
  "- Uses 'hdiutil attach' with the -nobrowse flag to mount the image invisibly",
  '- Reads browser keys via security find-generic-password for each browser.',
  '',
  'Defenders can detect osascript dialogs with an EDR query.',
  'The security of the keychain is weak.',
  'The xattr tool is present on every Mac.',
  '',
  '```',
  'chattr +i /etc/passwd',
  '```',
].join('\n');

const article = { title: 'Fixture stealer', url: 'https://example.org/stealer', date: '2026-01-01' };
const ids = (content: string) => proseTechniques(content).map((shown) => shown.technique.id);

describe('proseTechniques', () => {
  it('reads a technique from a sentence naming its program and a behaviour cue', () => {
    expect(ids(MACOS)).toEqual(expect.arrayContaining(['osascript-dialog', 'dscl-authonly', 'hdiutil-hidden-mount', 'security-keychain']));
  });

  it('reads nothing from defenders, bare mentions, English words or fenced code', () => {
    expect(ids('Defenders can detect osascript dialogs with an EDR query.')).toEqual([]);
    expect(ids('The xattr tool is present on every Mac.')).toEqual([]);
    expect(ids('The security of the keychain is weak and the password dialog is fake.')).toEqual([]);
    expect(ids('The malware does not use osascript to show a password dialog.')).toEqual([]);
    expect(ids('```\nchattr +i /etc/passwd\n```')).toEqual([]);
    expect(ids('The rootkit makes its files immutable with chattr +i.')).toEqual(['chattr-immutable']);
    expect(ids('The rootkit appends its library to /etc/ld.so.preload.')).toEqual(['ld-preload-write']);
    expect(ids('The rootkit reads /etc/ld.so.preload.')).toEqual([]);
    expect(ids('The attackers cleared the shell history.')).toEqual([]);
  });

  it('splits prose into sentences, list markers off and code blocks out', () => {
    expect(proseSentences('- One step. Then another.\n```\ncode here\n```\n1. Last')).toEqual(['One step.', 'Then another.', 'Last']);
  });

  it('cuts alternatives to what the sentence quotes or names as a switch, not its English verbs', () => {
    const hdiutil = proseTechniques(MACOS).find((shown) => shown.technique.id === 'hdiutil-hidden-mount');
    expect(hdiutil && proseTechniqueDetection(hdiutil, 'macos')).toEqual({
      selection_1: { 'Image|endswith': '/hdiutil', 'CommandLine|contains': 'attach' },
      selection_2: { 'CommandLine|contains': '-nobrowse' },
      condition: 'all of selection_*',
    });
  });

  it('describes a command line the technique fires on', () => {
    for (const shown of proseTechniques(MACOS)) {
      const [program] = shown.technique.programs as [string];
      const line = describedCommandLine(program, proseTechniqueDetection(shown, 'macos'));
      expect(techniqueFiresOn(shown.technique, `/usr/bin/${program}`, line, 'macos')).toBe(true);
    }
  });
});

describe('prose technique rules', () => {
  const rules = generateBuiltinRules({ article, platform: 'macos', content: MACOS, cmdlines: [] });
  const titles = rules.map((draft) => draft.rule.title);

  it('gives each technique the prose shows its rule, firing on its own article and on no benign event', () => {
    expect(titles).toEqual(
      expect.arrayContaining([
        'Password Prompt Shown Via Osascript',
        'Password Checked Via Dscl -authonly',
        'Keychain Secrets Read Via Security',
      ]),
    );
    const prose = rules.filter((draft) => /as the intrusion described/.test(String(draft.rule.description)));
    expect(prose.length).toBeGreaterThanOrEqual(4);
    for (const { rule } of prose) {
      const doc = rule as unknown as Record<string, unknown>;
      const result = selfTestGenerated(doc, [], MACOS);
      expect(result.fires).toBe(true);
      expect(result.baseline?.fires).toBe(0);
      expect(selfTestGenerated(doc, [], 'An unrelated article about phishing.').fires).toBe(false);
    }
    expect(proseEvents(MACOS).filter((event) => event.observable.startsWith('prose:')).length).toBe(prose.length);
  });

  it('gives a whole-line technique a rule its shell event fires on, in a Linux article', () => {
    const content = 'The rootkit appends its library to /etc/ld.so.preload, then loads a kernel module with insmod.';
    const linux = generateBuiltinRules({ article, platform: 'linux', content, cmdlines: [] }).filter((draft) =>
      /as the intrusion described/.test(String(draft.rule.description)),
    );
    expect(linux.map((draft) => draft.rule.title)).toEqual([
      'Library Preloaded Into Every Process Through /etc/ld.so.preload',
      'Kernel Module Loaded From A File Via Insmod',
    ]);
    for (const { rule } of linux) expect(selfTestGenerated(rule as unknown as Record<string, unknown>, [], content).fires).toBe(true);
  });

  it('writes no prose rule twice when a quoted command line shows the technique, nor for a Windows article', () => {
    const evidence = { start: 0, end: 10, text: 'x' };
    const quoted = generateBuiltinRules({
      article,
      platform: 'macos',
      content: MACOS,
      cmdlines: [{ evidence, confidence: 0.9, value: 'dscl . -authonly user secret', executable: 'dscl' }],
    });
    expect(quoted.filter((draft) => draft.rule.title === 'Password Checked Via Dscl -authonly')).toHaveLength(1);
    const windows = generateBuiltinRules({ article, platform: 'windows', content: MACOS, cmdlines: [] });
    expect(windows.some((draft) => /as the intrusion described/.test(String(draft.rule.description)))).toBe(false);
  });
});

describe('proseTechniques without the program named', () => {
  const MAC = 'A macOS stealer.\n';

  it('reads a technique from the behaviour a stealer write-up names, on a Mac only', () => {
    expect(ids(`${MAC}It prompts the user for their password through a fake dialog.`)).toEqual(['osascript-dialog']);
    expect(ids('A Linux bot.\nIt prompts the user for their password through a fake dialog.')).toEqual([]);
    expect(ids(`${MAC}It kills Terminal to hide the pasted command.`)).toEqual(['terminal-killed']);
    expect(ids(`${MAC}The backdoor reads TCC.db to learn the permissions it holds.`)).toEqual(['tcc-database-access']);
    expect(ids(`${MAC}It checks the keyboard layout for Russian before going on.`)).toEqual(['keyboard-layout-check']);
    expect(ids(`${MAC}Persistence: it installs a LaunchAgent that runs at logon.`)).toEqual(['launchctl-agent-load']);
    expect(ids('The rootkit loads a kernel module to hide its files.')).toEqual(['kernel-module-load']);
    expect(ids('The dropper fetches the next stage with curl and pipes it to bash.')).toEqual(['fetched-script-piped-to-shell']);
    expect(ids('Every clipboard payload is a bash piped base64 encoded command.')).toEqual(['decode-pipe-shell']);
  });

  it('reads nothing from a defender or from a bare mention', () => {
    expect(ids('Defenders should look for curl piped to bash.')).toEqual([]);
    expect(ids('The kernel module list is long.')).toEqual([]);
    expect(ids(`${MAC}The Terminal app is open.`)).toEqual([]);
  });

  it('keys a service named without its domain by the host the table writes', () => {
    const shown = proseTechniques('The loader collects the external IP via ipify and icanhazip.').find(
      (technique) => technique.technique.id === 'public-ip-lookup',
    );
    expect(shown && proseTechniqueDetection(shown, 'linux')).toEqual({
      selection: { 'CommandLine|contains': ['ipify.org', 'icanhazip.com'] },
      condition: 'selection',
    });
  });

  it('never keys a quoted installer line piped into a shell', () => {
    const titles = generateBuiltinRules({
      article,
      platform: 'linux',
      cmdlines: [
        {
          value: 'curl -fsSL https://get.example.org/install.sh | sh',
          evidence: { start: 0, end: 1, text: 'x' },
          confidence: 0.9,
          executable: '',
        },
      ],
    }).map((draft) => draft.rule.title);
    expect(titles).not.toContain('Downloaded Script Piped Straight Into A Shell');
  });
});
