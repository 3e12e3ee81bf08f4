import { selfTestRule } from '../evaluate/self-test';
import { behaviourTitle } from './behaviour-titles';
import { generateBuiltinRules, type TemplatePlatform } from './builtin-sigma-agent';
import { programRuns } from './command-program';

// Titles name what a command does, not "<Program> Run On <folder>". Command lines written for these tests.

const article = { title: 'Synthetic title note', url: 'https://notes.example.org/titles', date: '2026-11-27' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };
const cmdline = (value: string) => ({ ...item, value, executable: value.split(' ')[0] ?? value });
const processRules = (platform: TemplatePlatform, ...commandLines: string[]) =>
  generateBuiltinRules({ article, platform, cmdlines: commandLines.map(cmdline) }).filter(
    (draft) => draft.telemetryClass === 'process_creation',
  );

describe('behaviour titles of everyday programs and intruder tools', () => {
  it.each([
    ['cat', ['cat /home/deploy/.aws/credentials'], 'File credentials Read Via Cat'],
    ['mkdir', ['mkdir -p /etc/systemd/system/quill.target.wants'], 'Directory quill.target.wants Created Via Mkdir'],
    ['truncate', ['truncate -s 0 /var/log/quill.log'], 'File quill.log Emptied Via Truncate'],
    ['perl', ["perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,6);'"], 'Inline Script Run Via Perl'],
    ['quillpack', ['quillpack --cache.size=30 --endpoint relay'], 'Reported Tool Quillpack Run'],
    ['notepad.exe', ['C:\\Windows\\notepad.exe C:\\Users\\Public\\notes.txt'], 'File notes.txt Opened In An Editor Via Notepad.EXE'],
  ])('%s', (image, commandLines, title) => {
    expect(behaviourTitle(image, commandLines)).toBe(title);
  });

  it('names the kind of thing worked on when the command gives no file name', () => {
    expect(behaviourTitle('cat', ['cat settings'])).toBe('File Read Via Cat');
  });

  it('never titles a rule "Run On" a folder the program itself sits in', () => {
    const [rule] = processRules('windows', 'C:\\Program Files\\QuillDB\\bin\\qsql.exe -U admin -c "SELECT secret FROM vault"');
    expect(rule?.rule.title).toBe('Reported Tool Qsql.EXE Run');
    expect(rule?.rule.detection['selection']).toMatchObject({ 'Image|endswith': '\\qsql.exe' });
  });
});

describe('an unquoted Windows path with spaces is one program', () => {
  it('runs the program the path ends in', () => {
    expect(programRuns('C:\\Program Files\\QuillDB\\bin\\qsql.exe -U admin', true).map((run) => run.image)).toEqual(['qsql.exe']);
    expect(programRuns('C:\\Users\\Public\\tool -x a b.exe', true).map((run) => run.image)).toEqual(['tool.exe']);
  });
});

describe('services stopped or deleted with one verb are one rule', () => {
  const names = ['QuillGuard', 'QuillFilter', 'QuillNet', 'QuillBoot', 'QuillScan', 'QuillUpdate', 'QuillTray'];
  const rules = processRules('windows', ...names.map((name) => `sc delete ${name}`), ...names.map((name) => `sc stop ${name}`));

  it('titles each by what it does to the services, with no numbered parts', () => {
    expect(rules.map((draft) => draft.rule.title).sort()).toEqual([
      'Services Deleted Via Sc.EXE (QuillGuard, QuillFilter And 5 More)',
      'Services Stopped Via Sc.EXE (QuillGuard, QuillFilter And 5 More)',
    ]);
  });

  it('keys on the program, the verb and the names, and fires on each command', () => {
    const deleted = rules.find((draft) => draft.rule.title.startsWith('Services Deleted'));
    expect(deleted?.rule.detection).toEqual({
      selection_verb: { 'Image|endswith': '\\sc.exe', 'CommandLine|contains': ' delete ' },
      selection_service: { 'CommandLine|contains': names },
      condition: 'all of selection_*',
    });
    const observables = names.map((name) => ({ type: 'cmdline', value: `sc delete ${name}` }));
    expect(selfTestRule(deleted?.rule as unknown as Record<string, unknown>, observables).fired_on).toHaveLength(names.length);
  });

  it('leaves a single service command its own rule', () => {
    expect(processRules('windows', 'sc stop QuillGuard').map((draft) => draft.rule.title)).toEqual(['Service Stopped Via Sc.EXE']);
  });
});
