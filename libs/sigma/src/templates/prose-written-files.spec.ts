import { selfTestGenerated } from '../generation/self-test-generated';
import { proseWrittenFileRules, proseWrittenFiles } from './prose-written-files';
import type { BuiltinSigmaInput } from './builtin-input';

const article = { title: 'Larkspur intrusion notes', url: 'https://notes.example.org/larkspur', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };

const input = (content: string, ...commands: string[]): BuiltinSigmaInput => ({
  article,
  platform: 'windows',
  content,
  cmdlines: commands.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })),
});

describe('file-event rules on the Windows files the prose says the intruder wrote', () => {
  const text = [
    'The operators dropped a loader at C:\\ProgramData\\larkhost.dll before running it.',
    'Persistence came from a shortcut placed in the Startup folder (C:\\Users\\kim\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\lark.lnk).',
    'They also wrote q.exe to C:\\Users\\Public\\Music\\q.exe.',
  ].join(' ');

  it('reads the paths that follow a verb of writing, keyed as SigmaHQ keys the folders', () => {
    expect(proseWrittenFiles(text)).toEqual([
      'C:\\ProgramData\\larkhost.dll',
      'C:\\Users\\kim\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\lark.lnk',
      'C:\\Users\\Public\\Music\\q.exe',
    ]);
    const [rule] = proseWrittenFileRules(input(text));
    expect(rule?.rule.logsource).toEqual({ category: 'file_event', product: 'windows' });
    expect(
      Object.entries(rule?.rule.detection ?? {})
        .filter(([key]) => key !== 'condition')
        .map(([, value]) => value),
    ).toEqual([
      { 'TargetFilename|contains': ':\\ProgramData\\', 'TargetFilename|endswith': '\\larkhost.dll' },
      { 'TargetFilename|contains': '\\Start Menu\\Programs\\Startup\\', 'TargetFilename|endswith': '.lnk' },
      { 'TargetFilename|contains': ':\\Users\\Public\\Music\\', 'TargetFilename|endswith': '.exe' },
    ]);
    expect(selfTestGenerated(rule?.rule as Record<string, unknown>, [], text).fires).toBe(true);
  });

  it('reads no path named without a write, in advice to defenders, or held by a quoted command', () => {
    expect(proseWrittenFiles('The service ran C:\\ProgramData\\larkhost.dll at boot.')).toEqual([]);
    expect(proseWrittenFiles('Defenders should look for files created in C:\\ProgramData\\larkhost.dll.')).toEqual([]);
    expect(proseWrittenFiles('The loader wrote its log to C:\\ProgramData\\lark.txt.')).toEqual([]);
    const quoted = 'The operators dropped a loader at C:\\ProgramData\\larkhost.dll.';
    expect(proseWrittenFileRules(input(quoted, 'rundll32.exe C:\\ProgramData\\larkhost.dll,Start'))).toEqual([]);
  });

  it('reads a path the verb follows, and a payload in a Temp folder at the root of the drive', () => {
    expect(proseWrittenFiles('Next, C:\\Temp\\larkrun.bat was dropped and executed.')).toEqual(['C:\\Temp\\larkrun.bat']);
    const [rule] = proseWrittenFileRules(input('Next, C:\\Temp\\larkrun.bat was dropped and executed.'));
    expect(rule?.rule.detection['selection']).toEqual({
      'TargetFilename|contains': ':\\Temp\\',
      'TargetFilename|endswith': '\\larkrun.bat',
    });
  });
});
