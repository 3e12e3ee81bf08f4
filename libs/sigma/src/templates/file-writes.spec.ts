import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { folderWrites, redirectedPaths } from './file-writes';

const article = { title: 'Quill persistence notes', url: 'https://notes.example.org/quill', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };

const rulesOf = (platform: BuiltinSigmaInput['platform'], ...values: string[]) =>
  generateBuiltinRules({ article, platform, cmdlines: values.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })) });

describe('files a shell redirection writes', () => {
  it("reads the line's own redirections, not a descriptor, a device or a command handed to another shell", () => {
    expect(redirectedPaths("echo 'W1Vu' | base64 -d > /run/systemd/generator.early/quill.service 2>/dev/null")).toEqual([
      '/run/systemd/generator.early/quill.service',
    ]);
    expect(redirectedPaths("sh -c 'echo x > /opt/quill/inner.sh'")).toEqual([]);
    expect(redirectedPaths('ps aux 2>&1 > out.txt')).toEqual([]);
  });

  it('keys a rule on the folder and the names written there, on the file event, and not on the program', () => {
    const rules = rulesOf(
      'linux',
      "echo 'W1VuaXRd' | base64 -d > /run/systemd/generator.early/quillguard.service",
      "echo 'W1VuaXRd' | base64 -d > /run/systemd/generator.early/quillaudit.service",
    );
    const file = rules.find((draft) => draft.telemetryClass === 'file_event');
    expect(file?.rule.title).toBe('Systemd Unit Or Generator Written From A Shell');
    expect(file?.rule.logsource).toEqual({ category: 'file_event', product: 'linux' });
    expect(file?.rule.detection['selection']).toEqual({
      'TargetFilename|contains': '/run/systemd/generator.early/',
      'TargetFilename|endswith': ['/quillguard.service', '/quillaudit.service'],
    });
    const written = (value: string) => selfTestRule(file?.rule as NonNullable<typeof file>['rule'], [{ type: 'cmdline', value }]).fires;
    expect(written("printf 'x' > /run/systemd/generator.early/quillguard.service")).toBe(true);
    expect(written("printf 'x' > /run/systemd/generator.early/journald.service")).toBe(false);
    // base64's own process never holds the path its shell writes: no process rule keyed on it.
    const processValues = rules.filter((draft) => draft.telemetryClass === 'process_creation').flatMap((draft) => draft.detectionValues);
    expect(processValues.some((value) => value.includes('generator.early'))).toBe(false);
  });

  it('makes no rule of output captured into a common folder, nor on a Windows article', () => {
    expect(folderWrites(['ps aux > /tmp/quill-procs.txt', 'id > /etc/quill-id'])).toEqual([]);
    expect(rulesOf('linux', 'ps aux > /tmp/quill-procs.txt').filter((draft) => draft.telemetryClass === 'file_event')).toEqual([]);
    expect(
      rulesOf('windows', 'whoami /all > C:\\ProgramData\\Quill\\who.txt').filter((draft) => draft.telemetryClass === 'file_event'),
    ).toEqual([]);
  });
});
