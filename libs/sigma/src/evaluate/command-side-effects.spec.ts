import { commandSideEffects } from './command-side-effects';

const installs = (commandLine: string) =>
  commandSideEffects(commandLine, true).filter((event) => event['EventID'] === 7045 || event['EventID'] === 4697);

describe('the service installation a command line leaves in the System and Security logs', () => {
  it('records a PowerShell New-Service as it records sc create', () => {
    const events = installs('New-Service -Name ExampleSync -BinaryPathName "C:\\ProgramData\\example\\sync.exe -k" -StartupType Automatic');
    expect(events).toEqual([
      expect.objectContaining({
        EventID: 7045,
        Channel: 'System',
        ServiceName: 'ExampleSync',
        ImagePath: 'C:\\ProgramData\\example\\sync.exe -k',
      }),
      { EventID: 4697, Channel: 'Security', ServiceName: 'ExampleSync', ServiceFileName: 'C:\\ProgramData\\example\\sync.exe -k' },
    ]);
    // Through powershell -Command, and with the name and path given by position.
    expect(installs('powershell.exe -NoProfile -Command "New-Service ExampleSync C:\\ProgramData\\example\\sync.exe"')).toEqual([
      expect.objectContaining({ EventID: 7045, ServiceName: 'ExampleSync', ImagePath: 'C:\\ProgramData\\example\\sync.exe' }),
      expect.objectContaining({ EventID: 4697, ServiceName: 'ExampleSync' }),
    ]);
    expect(installs('sc.exe create ExampleSync binPath= C:\\ProgramData\\example\\sync.exe').map((event) => event['EventID'])).toEqual([
      7045, 4697,
    ]);
  });

  it('records no installation for a service only changed, stopped or created without a binary', () => {
    expect(installs('Set-Service -Name ExampleSync -StartupType Disabled')).toEqual([]);
    expect(installs('Stop-Service -Name ExampleSync -Force')).toEqual([]);
    expect(installs('New-Service -Name ExampleSync')).toEqual([]);
    expect(installs('New-Service -Name ExampleSync -BinaryPathName C:\\x\\s.exe').length).toBe(2);
    expect(commandSideEffects('New-Service -Name ExampleSync -BinaryPathName C:\\x\\s.exe', false)).toEqual([]);
  });
});

describe('the driver load a kernel service install leaves', () => {
  const loads = (commandLine: string) => commandSideEffects(commandLine, true).filter((event) => event['EventID'] === 6);

  it('records the kernel loading the .sys a service installs, and nothing for a service running a program', () => {
    expect(loads('sc create QuillDrv binPath= C:\\Windows\\Temp\\quilldrv.sys type= kernel')).toEqual([
      { EventID: 6, ImageLoaded: 'C:\\Windows\\Temp\\quilldrv.sys' },
    ]);
    expect(loads('sc create QuillDrv binPath= quilldrv.sys type= kernel')).toEqual([
      { EventID: 6, ImageLoaded: 'C:\\Windows\\System32\\drivers\\quilldrv.sys' },
    ]);
    expect(loads('sc create QuillSvc binPath= C:\\ProgramData\\quill.exe')).toEqual([]);
    // A service key written directly, its ImagePath a driver.
    expect(
      loads(
        'reg add HKLM\\SYSTEM\\CurrentControlSet\\Services\\QuillDrv /v ImagePath /t REG_EXPAND_SZ /d \\??\\C:\\Users\\Public\\quilldrv.sys /f',
      ),
    ).toEqual([{ EventID: 6, ImageLoaded: 'C:\\Users\\Public\\quilldrv.sys' }]);
  });
});
