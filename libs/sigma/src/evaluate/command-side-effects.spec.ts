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
